import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exportSnapshot } from '../../src/export/export-snapshot.js';
import { buildOpenApi } from '../../src/openapi/build-openapi.js';
import { parseWire } from '../../src/snapshot/format/wire.js';
import { httpSnapshot, tempDir } from '../helpers/snapshots.js';

const wires = suite('a dialect is checked where it is given: absent is spec, anything else names the accepted ones');

wires('parseWire: a table of cases', () => {
  assert.is(parseWire(undefined), 'spec');
  assert.is(parseWire('spec'), 'spec');
  assert.is(parseWire('upstream'), 'upstream');
  assert.throws(
    () => parseWire('live'),
    (e: Error) => e.message === "wire must be one of spec, upstream; got 'live'",
  );
  assert.throws(() => parseWire(3, 'BENCH_WIRE'), /^BENCH_WIRE must be one of spec, upstream; got '3'$/);
  assert.throws(() => parseWire('x'.repeat(100)), /got 'x{64}…'$/);
});

wires('buildOpenApi and exportSnapshot refuse a dialect that is none', async () => {
  const bogus = { wire: 'bogus' } as unknown as { wire: 'spec' };
  assert.throws(() => buildOpenApi(bogus), /^wire must be one of spec, upstream; got 'bogus'$/);
  const temp = tempDir();
  try {
    const options = { snapshot: await httpSnapshot(), out: `${temp.dir}/x`, ...bogus };
    assert.throws(() => exportSnapshot(options), /^wire must be one of spec, upstream; got 'bogus'$/);
  } finally {
    temp.remove();
  }
});

wires.run();
