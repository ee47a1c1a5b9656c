import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { statsEntryJson } from '../../src/snapshot/format/pool-pieces.js';
import { SPEC_ENTRIES } from '../../src/snapshot/pieces/spec-stats-packing.js';
import { packStatsText } from '../helpers/stats-texts.js';
import { entryText, PIECE_FORMATS } from '../../src/snapshot/pieces/piece-format.js';
import { NO_DELTAS } from '../../src/snapshot/format/pool-record.js';
import { rng } from '../helpers/math-samples.js';
import { storedSpecEntry } from '../../src/snapshot/format/write/stored-stats.js';

const specEntryText = (stored: Uint8Array, k: number): string => entryText(PIECE_FORMATS.spec, stored, k);

const packing = suite('stats entries: stored packed, rendered byte for byte as served');

/** A random figure of the characters a packed entry holds, or any text at all. */
function figure(random: ReturnType<typeof rng>, anything: boolean): string {
  if (anything) return ['1E-7', 'NaN', '"quoted"', 'back\\slash', 'é', '', '\u0001'][random.int(0, 6)]!;
  const digits = (n: number): string => Array.from({ length: n }, () => random.int(0, 9)).join('');
  return [
    '0',
    digits(random.int(1, 12)),
    `${digits(random.int(1, 8))}.${digits(random.int(1, 20))}`,
    `0.${'0'.repeat(random.int(0, 15))}${digits(random.int(1, 6))}`,
    `-${digits(3)}e+${digits(2)}`,
  ][random.int(0, 4)]!;
}

packing('what statsEntryJson writes renders back identically, from both forms, for every period', () => {
  const random = rng('stats-packing');
  let raw = 0;
  for (let i = 0; i < 5000; i++) {
    const k = i % PERIOD_NAMES.length;
    const odd = random.int(0, 9) === 0;
    const [volume, fees, rewards, yieldOverTvl] = [0, 1, 2, 3].map((f) => figure(random, odd && f === i % 4));
    const entry = {
      period: PERIOD_NAMES[k]!,
      volume: volume!,
      fees: fees!,
      rewards: rewards!,
      yieldOverTvl: yieldOverTvl!,
    };
    const text = statsEntryJson(entry);
    const stored = packStatsText(k, text);
    // The writers pack from the record's values: the same bytes as packing the served text.
    assert.ok(storedSpecEntry({ ...entry, deltas: NO_DELTAS }).equals(stored), text);
    if (stored[0] === 0xff) raw++;
    assert.is(specEntryText(stored, k), `,${text}`, text);
  }
  assert.ok(raw > 100 && raw < 1000, `${raw} entries stored as text`);
});

packing('plain entries take a quarter of their served bytes; others are kept as they are', () => {
  const text =
    '"24h":{"volume":"8060.931709","fees":"0.8060931709","rewards":"0","yieldOverTvl":"0.00002284663196542192"}';
  assert.is(packStatsText(7, text).length, 25); // 46 characters and 4 ends, two a byte
  assert.is(text.length, 106);
  // Another period's key, another key order, or a figure outside the packed characters: stored as the text.
  for (const [k, other] of [
    [0, text],
    [7, '"24h":{"fees":"1","volume":"1","rewards":"0","yieldOverTvl":"0"}'],
    [7, '"24h":{"volume":"1 000","fees":"1","rewards":"0","yieldOverTvl":"0"}'],
  ] as const) {
    assert.equal([...packStatsText(k, other)], [0xff, ...Buffer.from(other)]);
    assert.is(specEntryText(packStatsText(k, other), k), `,${other}`);
  }
});

packing('entries render side by side into one buffer, within the bound, at any offset', () => {
  const texts = PERIOD_NAMES.map(
    (period, k) => `"${period}":{"volume":"${k}","fees":"0.${k}1","rewards":"0","yieldOverTvl":"1.5e-${k}"}`,
  );
  const stored = texts.map((text, k) => packStatsText(k, text));
  const joined = Buffer.concat(stored);
  const out = new Uint8Array(3 + stored.reduce((sum, s) => sum + SPEC_ENTRIES.renderedBound(s.length), 0));
  let at = 3;
  let from = 0;
  stored.forEach((s, k) => {
    at = SPEC_ENTRIES.render(joined, from, (from += s.length), k, out, at);
  });
  assert.is(Buffer.from(out.subarray(3, at)).toString(), texts.map((t) => `,${t}`).join(''));
});

packing.run();
