import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { readTemplates } from '../../src/snapshot/render/packed-piece.js';
import { PackedMemory } from '../../src/snapshot/render/packed-memory.js';
import { entryText, PIECE_FORMATS } from '../../src/snapshot/pieces/piece-format.js';
import { packFigures } from '../../src/snapshot/pieces/stats-packing.js';
import type { Wire } from '../../src/snapshot/pieces/wire.js';
import { rng } from '../helpers/math-samples.js';
import { packStatsText, packUpstreamText } from '../helpers/stats-texts.js';

// The WebAssembly entry renderer (entry-module.ts) writes what the served text of each entry is, in
// both dialects: the texts are built here with JSON.stringify, packed from their text (stats-texts.ts),
// and rendered one after the other into the scratch area as a page's entries are (each may write
// past its end: the next one writes over it).

const rendering = suite('stats entries rendered by WebAssembly: the served text, byte for byte, in both dialects');

const DELTAS = ['volumeDelta', 'feesDelta', 'rewardsDelta', 'yieldOverTvlDelta', 'tvlDelta', 'priceDelta'];

/** A figure of the packed characters (empty included), or, when `odd`, text an entry keeps as it is. */
function figure(random: ReturnType<typeof rng>, odd: boolean): string {
  if (odd) return ['1E-7', '"quoted"', 'é', 'back\\slash'][random.int(0, 3)]!;
  const digits = (n: number): string => Array.from({ length: n }, () => random.int(0, 9)).join('');
  return ['0', '', digits(random.int(1, 40)), `-0.${digits(random.int(1, 20))}`, `-${digits(3)}e+${digits(2)}`][
    random.int(0, 4)
  ]!;
}

/** An entry's served text (without its comma) for period k in `wire`, deltas null one time in three. */
function servedEntry(random: ReturnType<typeof rng>, wire: Wire, k: number): string {
  const odd = random.int(0, 9) === 0 ? random.int(0, wire === 'spec' ? 3 : 9) : -1;
  const entry: Record<string, string | null> = {};
  ['volume', 'fees', 'rewards', 'yieldOverTvl'].forEach((key, f) => (entry[key] = figure(random, odd === f)));
  if (wire === 'upstream')
    DELTAS.forEach((key, d) => {
      const value = figure(random, odd === 4 + d);
      entry[key] = random.int(0, 2) === 0 ? null : value === '' ? '1' : value;
    });
  return `${JSON.stringify(PERIOD_NAMES[k])}:${JSON.stringify(entry)}`;
}

for (const wire of ['spec', 'upstream'] as const) {
  rendering(`${wire}: 3,000 entries over every period, packed or kept as text, null deltas or not`, () => {
    const random = rng(`entry-module-${wire}`);
    const format = PIECE_FORMATS[wire];
    const texts = Array.from({ length: 3000 }, (_, i) => servedEntry(random, wire, i % PERIOD_NAMES.length));
    const stored = texts.map((text, i) => (wire === 'spec' ? packStatsText : packUpstreamText)(i % 10, text));
    const raw = stored.filter((entry) => entry[0] === 0xff).length;
    assert.ok(raw > 100 && raw < 600, `${raw} entries kept as text`);
    const memory = new PackedMemory(
      readTemplates([]),
      stored.reduce((sum, entry) => sum + entry.length, 0),
      format.keys,
    );
    const at = stored.map((entry) => memory.place(entry));
    memory.reserve(stored.reduce((sum, entry) => sum + format.renderedBound(entry.length), 0));
    let dst = memory.scratch;
    const ends = stored.map((entry, i) => (dst = memory.entry(at[i]!, at[i]! + entry.length, i % 10, dst)));
    ends.forEach((end, i) => {
      const from = i === 0 ? memory.scratch : ends[i - 1]!;
      assert.is(Buffer.from(memory.bytes.subarray(from, end)).toString(), `,${texts[i]}`, texts[i]);
      assert.ok(end - from <= format.renderedBound(stored[i]!.length), texts[i]);
    });
  });
}

rendering('the memory grows when more room is reserved than it holds, its blocks and tables kept', () => {
  const text = '"1h":{"volume":"12.5","fees":"0","rewards":"3","yieldOverTvl":"0.01"}';
  const stored = packStatsText(3, text);
  const memory = new PackedMemory(readTemplates([]), stored.length, PIECE_FORMATS.spec.keys);
  const at = memory.place(stored);
  memory.reserve(16);
  assert.is(memory.reserve(16), false);
  const before = memory.bytes.length;
  assert.is(memory.reserve(4 * 1024 * 1024), true);
  assert.ok(memory.bytes.length >= before + 4 * 1024 * 1024, `${memory.bytes.length}`);
  const end = memory.entry(at, at + stored.length, 3, memory.scratch + 4 * 1024 * 1024 - 200);
  assert.is(Buffer.from(memory.bytes.subarray(end - text.length - 1, end)).toString(), `,${text}`);
});

rendering('an entry with a figure more than its keys (a damaged block) throws, in WebAssembly as in JavaScript', () => {
  for (const wire of ['spec', 'upstream'] as const) {
    const format = PIECE_FORMATS[wire];
    const stored = packFigures(Array.from({ length: format.keys.close.length + 1 }, (_, i) => `${i}`))!;
    const memory = new PackedMemory(readTemplates([]), stored.length, format.keys);
    const at = memory.place(stored);
    memory.reserve(4 * format.renderedBound(stored.length));
    assert.throws(() => memory.entry(at, at + stored.length, 7, memory.scratch), /unreachable/, wire);
    assert.throws(() => entryText(format, stored, 7), TypeError, wire);
  }
});

rendering.run();
