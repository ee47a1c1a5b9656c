import type { Options } from 'yargs';
import { parseWire, WIRES, type Wire } from '../snapshot/format/wire.js';
import { UsageError } from './fail.js';

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
