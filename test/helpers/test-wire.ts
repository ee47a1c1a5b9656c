import { WIRES, type Wire } from '../../src/snapshot/format/wire.js';

/**
 * The dialect the contract, chaos and robustness suites run in (docs/api.md §9): `CLMM_TEST_WIRE`,
 * `spec` when unset. `npm test` runs those suites once per dialect, so they are a matrix rather than
 * copies: every server the helpers start speaks it (server.ts), and the suites read bodies through
 * the accessors of dialect.ts where the dialects differ.
 */
function testWire(value: string | undefined): Wire {
  if (value === undefined || value === '') return 'spec';
  if ((WIRES as readonly string[]).includes(value)) return value as Wire;
  throw new Error(`CLMM_TEST_WIRE must be one of ${WIRES.join(', ')}; got '${value}'`);
}

export const TEST_WIRE: Wire = testWire(process.env.CLMM_TEST_WIRE);

/** Whether the suites run against the live API's dialect. */
export const UPSTREAM = TEST_WIRE === 'upstream';
