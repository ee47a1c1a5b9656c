import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { entryText, PIECE_FORMATS } from '../../src/snapshot/pieces/piece-format.js';
import { upstreamStatsEntryJson } from '../../src/snapshot/format/upstream-pool-pieces.js';
import { packUpstreamText } from '../helpers/stats-texts.js';
import { storedUpstreamEntry } from '../../src/snapshot/format/write/stored-stats.js';
import { rng } from '../helpers/math-samples.js';

const packing = suite('live stats entries: stored packed, deltas null or not, rendered byte for byte as served');
const { upstream } = PIECE_FORMATS;

/** A random figure of the packed characters, or (when `anything`) text outside them. */
function figure(random: ReturnType<typeof rng>, anything: boolean): string {
  if (anything) return ['1E-7', '"q"', 'é', ''][random.int(0, 3)]!;
  const digits = (n: number): string => Array.from({ length: n }, () => random.int(0, 9)).join('');
  return ['0', digits(random.int(1, 12)), `-0.${digits(random.int(1, 20))}`, `${digits(3)}.${digits(9)}`][
    random.int(0, 3)
  ]!;
}

packing('what upstreamStatsEntryJson writes renders back identically, for every period and any null delta', () => {
  const random = rng('upstream-stats-packing');
  let raw = 0;
  for (let i = 0; i < 5000; i++) {
    const k = i % PERIOD_NAMES.length;
    const odd = random.int(0, 19) === 0;
    const value = (f: number): string => figure(random, odd && f === i % 10);
    const delta = (f: number): string | null => (random.int(0, 2) === 0 ? null : value(f));
    const entry = {
      period: PERIOD_NAMES[k]!,
      volume: value(0),
      fees: value(1),
      rewards: value(2),
      yieldOverTvl: value(3),
      deltas: {
        volumeDelta: delta(4),
        feesDelta: delta(5),
        rewardsDelta: delta(6),
        yieldOverTvlDelta: delta(7),
        tvlDelta: delta(8),
        priceDelta: delta(9),
      },
    };
    const text = upstreamStatsEntryJson(entry);
    const stored = packUpstreamText(k, text);
    // The writers pack from the record's values: the same bytes as packing the served text.
    assert.ok(storedUpstreamEntry(entry).equals(stored), text);
    if (stored[0] === 0xff) raw++;
    assert.is(entryText(upstream, stored, k), `,${text}`, text);
  }
  assert.ok(raw > 50 && raw < 500, `${raw} entries stored as text`);
});

packing('a plain entry takes under a quarter of its served bytes; an empty-string delta is kept as text', () => {
  const text =
    '"24h":{"volume":"7622283.70872945","fees":"12191.275280087","rewards":"0",' +
    '"yieldOverTvl":"0.00126160130510095","volumeDelta":"-0.0608182515347998","feesDelta":null,' +
    '"rewardsDelta":null,"yieldOverTvlDelta":"-0.04046930332556","tvlDelta":null,"priceDelta":"-0.0194"}';
  assert.ok(packUpstreamText(7, text).length * 4 < text.length, `${packUpstreamText(7, text).length}`);
  const empty = text.replace('"feesDelta":null', '"feesDelta":""');
  assert.equal([...packUpstreamText(7, empty)], [0xff, ...Buffer.from(empty)]);
  assert.is(entryText(upstream, packUpstreamText(7, empty), 7), `,${empty}`);
  // Another period's key: stored as text, rendered as it is.
  assert.is(packUpstreamText(0, text)[0], 0xff);
});

packing('entries render side by side into one buffer, within the bound, at any offset', () => {
  const texts = PERIOD_NAMES.map(
    (period, k) =>
      `"${period}":{"volume":"${k}","fees":"0.${k}1","rewards":"0","yieldOverTvl":"1.5","volumeDelta":null,` +
      `"feesDelta":"-0.${k}","rewardsDelta":null,"yieldOverTvlDelta":"${k}","tvlDelta":null,"priceDelta":null}`,
  );
  const stored = texts.map((text, k) => packUpstreamText(k, text));
  const joined = Buffer.concat(stored);
  const out = new Uint8Array(3 + stored.reduce((sum, s) => sum + upstream.renderedBound(s.length), 0));
  let at = 3;
  let from = 0;
  stored.forEach((s, k) => {
    at = upstream.render(joined, from, (from += s.length), k, out, at);
  });
  assert.is(Buffer.from(out.subarray(3, at)).toString(), texts.map((t) => `,${t}`).join(''));
});

packing.run();
