import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { epochAt, instantMicros, isoMicros } from '../../src/math/instants.js';

const instants = suite('instants: ISO 8601 UTC read and written to the microsecond, exactly');

const READ: [text: string, micros: bigint | null][] = [
  ['2026-09-30T15:22:49.634759Z', 1_790_781_769_634_759n],
  ['2026-01-01T00:00:00Z', 1_767_225_600_000_000n],
  ['2026-01-31T23:58:12.417Z', 1_769_903_892_417_000n],
  ['1969-12-31T23:59:59.5Z', -500_000n],
  ['2026-02-30T00:00:00Z', null],
  ['2026-01-01T00:00:00.1234567Z', null],
  ['2026-01-01T00:00:00+00:00', null],
  ['yesterday', null],
];

for (const [text, micros] of READ) {
  instants(`${text} reads as ${String(micros)}`, () => {
    assert.is(instantMicros(text), micros);
    if (micros !== null) assert.is(instantMicros(isoMicros(micros)), micros);
  });
}

instants('written with six fractional digits', () => {
  assert.is(isoMicros(1_767_225_600_000_000n), '2026-01-01T00:00:00.000000Z');
  assert.is(isoMicros(-500_000n), '1969-12-31T23:59:59.500000Z');
});

instants.run();

const epochs = suite("epochs: an instant's epoch is the live chain's");

const EPOCHS: [at: string, epoch: number][] = [
  // The live API's token reads of 2026-09-30 say epoch 1046; its slot 452,291,138 (2026-10-01) is in 1046.
  ['2026-09-30T15:22:49Z', 1046],
  ['2026-10-01T12:43:53Z', 1046],
  ['2020-03-16T14:29:00Z', 0],
  ['2019-01-01T00:00:00Z', 0],
];

for (const [at, epoch] of EPOCHS) epochs(`${at} is in epoch ${epoch}`, () => assert.is(epochAt(Date.parse(at)), epoch));

epochs.run();
