import { readFileSync } from 'node:fs';
import { parseStrictJson } from '../json/strict-json.js';
import { UsageError } from './fail.js';

/** `serve`'s chaos flags as yargs hands them over: text, checked here or when the server is created. */
export interface ChaosFlags {
  config?: string;
  latency?: string;
  errorRate?: string;
  errorStatus?: string;
  rateLimit?: string;
  chaosSeed?: string;
  hangMs?: string;
}

/**
 * Chaos settings from `--config` with the flags laid over them; validated when the server is created.
 * @example chaosConfig({ config: 'chaos.json', latency: '50-250' }) // the file's settings, with that latency
 */
export function chaosConfig(flags: ChaosFlags): Record<string, unknown> {
  let config: Record<string, unknown> = {};
  if (flags.config !== undefined) {
    let parsed: unknown;
    try {
      // The admin API's strict reader (docs/admin-and-chaos.md §10): a key twice is refused, not the last kept.
      parsed = parseStrictJson(readFileSync(flags.config, 'utf8'));
    } catch (error) {
      throw new UsageError(`--config ${flags.config}: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(
        `--config ${flags.config} must hold a JSON object of chaos settings, got ${JSON.stringify(parsed)}`,
      );
    }
    config = parsed as Record<string, unknown>;
  }
  const number = (name: string, raw: string): number => {
    if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got '${raw}'`);
    return Number(raw);
  };
  if (flags.latency !== undefined) config.latency = flags.latency;
  if (flags.errorRate !== undefined) {
    const rate = flags.errorRate;
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(rate) || Number(rate) > 1)
      throw new UsageError(`--error-rate must be a number from 0 to 1, got '${rate}'`);
    config.errorRate = Number(rate);
  }
  if (flags.errorStatus !== undefined) config.errorStatus = flags.errorStatus;
  if (flags.rateLimit !== undefined) config.rateLimit = flags.rateLimit;
  if (flags.chaosSeed !== undefined) config.chaosSeed = number('chaos-seed', flags.chaosSeed);
  if (flags.hangMs !== undefined) config.hangMs = number('hang-ms', flags.hangMs);
  return config;
}
