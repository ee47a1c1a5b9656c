import type { Argv, Options } from 'yargs';
import { UsageError } from './fail.js';
import { parseWire, WIRES, type Wire } from '../snapshot/format/wire.js';

/**
 * Marks flags as numbers in `--help` (`[number]`) while yargs still hands over the text typed: a flag declared
 * `type: 'string'` and listed as a number is parsed as text (strings win in yargs-parser) and shown as a number
 * (numbers win in yargs' help), so a check can quote what was typed (`got 'abc'`, not `got 'NaN'`).
 * @example numberFlags(yargs.option('pools', { type: 'string' }), ['pools']) // --pools  … [number]
 */
export function numberFlags<T>(yargs: Argv<T>, names: readonly string[]): Argv<T> {
  // yargs.number would retype the flags as numbers; they stay the text the checks read.
  return yargs.number([...names]) as unknown as Argv<T>;
}

/**
 * A whole number from a flag (or a variable, named by `name` as the user sees it): digits only, within
 * `min..max`, else one usage line (exit 2) that names it, the range and what was typed.
 * @example integerFlag('--pools', '500', 0, 1_000_000) // 500
 * @example integerFlag('--pools', 'many', 0, 1_000_000) // throws "--pools must be an integer from 0 to 1000000, …"
 */
export function integerFlag(name: string, raw: unknown, min: number, max: number, hint = ''): number {
  const text = String(raw);
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}${hint}, got '${text}'`);
  }
  return Number(text);
}

/**
 * `--wire`: the dialect to speak or write (docs/api.md §9), for serve, start, export and openapi;
 * CLMM_MOCK_WIRE sets it for serve and start when the flag is absent.
 */
export const WIRE_OPTION = {
  type: 'string',
  requiresArg: true,
  choices: [...WIRES],
  describe: "Dialect: spec (the documented shape) or upstream (the live API's own wire format), e.g. --wire upstream",
} as const satisfies Options;

/**
 * The dialect of `--wire` (yargs checked its choices), else of CLMM_MOCK_WIRE, else spec; a bad variable
 * is a usage error.
 */
export function wireOf(flag: string | undefined): Wire {
  const env = process.env.CLMM_MOCK_WIRE;
  try {
    return flag === undefined ? parseWire(env === '' ? undefined : env, 'CLMM_MOCK_WIRE') : parseWire(flag, '--wire');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
