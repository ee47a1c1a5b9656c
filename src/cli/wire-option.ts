import type { Options } from 'yargs';
import { WIRES, type Wire } from '../snapshot/wire.js';

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

/** The dialect from the flag, else from CLMM_MOCK_WIRE (checked like the flag), else spec. */
export function wireFrom(flag: string | undefined, env: string | undefined): Wire {
  const value = flag ?? env;
  if (value === undefined || value === '') return 'spec';
  if (WIRES.includes(value as Wire)) return value as Wire;
  throw new Error(`CLMM_MOCK_WIRE must be one of ${WIRES.join(', ')}; got '${value}'`);
}
