import { FEE_TIERS } from '../../math/fee-tiers.js';
import { MAX_COUNT, MIN_TOKENS } from './defaults.js';
import { isIsoSecond } from '../iso-seconds.js';
import { POOLS_CONFIGS } from '../plan/pool-placement.js';

/** Generation options that cannot work; the message names the option and what would be accepted. */
export class GenerateOptionsError extends Error {
  override name = 'GenerateOptionsError';
}

/**
 * Checks what `generateSnapshot` is given (the CLI and library callers alike): whole counts in range,
 * an `asOf` that is a real instant to the second, no more pools than distinct (config, pair, tier) keys, and a
 * `workerThreshold` (when given) that is a non-negative integer.
 * @example validateGenerateOptions({ seed: 1, pools: 10, tokens: 20, asOf: '2026-01-01T00:00:00Z' })
 */
export function validateGenerateOptions(options: {
  seed: number;
  pools: number;
  tokens: number;
  asOf: string;
  workerThreshold?: number | undefined;
}): void {
  const whole = (name: string, value: number, min: number, max: number): void => {
    if (!Number.isInteger(value) || value < min || value > max)
      throw new GenerateOptionsError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  };
  whole('seed', options.seed, 0, 2 ** 32 - 1);
  whole('pools', options.pools, 0, MAX_COUNT);
  whole('tokens', options.tokens, MIN_TOKENS, MAX_COUNT);
  const threshold = options.workerThreshold;
  if (threshold !== undefined && !(Number.isSafeInteger(threshold) && threshold >= 0))
    throw new GenerateOptionsError(`workerThreshold must be a non-negative integer, got ${threshold}`);
  if (!isIsoSecond(options.asOf)) {
    throw new GenerateOptionsError(
      `asOf must be a real ISO 8601 UTC instant to the second like 2026-01-01T00:00:00Z, got '${options.asOf}'`,
    );
  }
  const keys = ((options.tokens * (options.tokens - 1)) / 2) * POOLS_CONFIGS.length * FEE_TIERS.length;
  // Random draws slow down long before every key is taken: keep well below the count of keys.
  if (options.pools > keys / 4) {
    throw new GenerateOptionsError(
      `${options.pools} pools need more tokens: ${options.tokens} tokens allow at most ${Math.floor(keys / 4)} pools ` +
        '(no two pools share config, token pair and tick spacing)',
    );
  }
}
