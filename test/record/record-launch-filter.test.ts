import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchPools } from '../../src/record/launch-pools.js';
import { recordSnapshot } from '../../src/record/record-snapshot.js';
import { startFakeUpstream, type FakeUpstreamOptions } from '../helpers/fake-upstream.js';
import { ok, type Json } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';
import { smallSnapshot, tempDir } from '../helpers/snapshots.js';

const AS_OF = '2026-02-01T00:00:00Z';
const EPOCH = '1970-01-01T00:00:00Z';

const judged = suite("record: a launch filter's answer is checked against the pools' own fields");

type Item = Record<string, unknown>;

/** A live-dialect list item: the kind and trade-enable time are all the check reads. */
const live = (address: string, poolType: string, tradeEnableTimestamp?: string): Item => ({
  address,
  whirlpoolsConfig: 'config',
  poolType,
  ...(tradeEnableTimestamp !== undefined && { tradeEnableTimestamp }),
});
const spec = (address: string, poolType: string): Item => ({ address, poolsConfig: 'config', poolType });
const addresses = (set: Set<string>): string[] => [...set].sort();

judged('a filter that answers only launch pools is taken as it is, with no note', () => {
  const all = [live('L', 'whirlpool', '2026-01-10T00:00:00Z'), live('W', 'whirlpool', EPOCH), live('S', 'splashpool')];
  const { launched, note } = launchPools(all, [all[0]!]);
  assert.equal([addresses(launched), note], [['L'], undefined]);
  // Every pool a launch pool by its own fields: answering every pool is then no sign of an ignored filter.
  const launchOnly = [spec('A', 'launchpool'), spec('B', 'launchpool')];
  assert.equal(launchPools(launchOnly, launchOnly), { launched: new Set(['A', 'B']) });
});

judged('the live dialect ignored: the trade-enable time decides, and one line says what record did', () => {
  const all = [live('L', 'whirlpool', '2026-01-10T00:00:00Z'), live('W', 'whirlpool', EPOCH), live('S', 'splashpool')];
  const { launched, note } = launchPools(all, all);
  assert.equal(addresses(launched), ['L']);
  assert.is(
    note,
    'the source ignored isWavebreak: /pools?isWavebreak=true answered every pool, 2 of them not launch pools ' +
      "by their own fields; record took each pool's kind from its own fields instead: 1 of 3 pools are launch pools",
  );
});

judged('the spec dialect ignored: poolType decides; a contradicting answer gives it away short of every pool', () => {
  const all = [spec('A', 'launchpool'), spec('B', 'whirlpool'), spec('C', 'splashpool'), spec('D', 'whirlpool')];
  const { launched, note } = launchPools(all, all.slice(0, 3));
  assert.equal(addresses(launched), ['A']);
  assert.match(note ?? '', /^the source ignored isWavebreak: \/pools\?isWavebreak=true answered 3 pools, 2 of them /);
});

judged('fields that cannot tell: said so, and no pool taken for a launch pool on the filter alone', () => {
  const blind = [live('X', 'whirlpool'), live('Y', 'whirlpool')];
  assert.equal(launchPools(blind, blind), {
    launched: new Set(),
    note:
      "the source seems to ignore isWavebreak: /pools?isWavebreak=true answered every pool; the pools' own " +
      'fields cannot tell (no launchpool type, no tradeEnableTimestamp): record took none for a launch pool',
  });
  const some = [...blind, live('L', 'whirlpool', '2026-01-10T00:00:00Z'), live('S', 'splashpool', EPOCH)];
  const { launched, note = '' } = launchPools(some, some);
  assert.equal(addresses(launched), ['L']);
  const told =
    ': 1 of 4 pools are launch pools; 2 whose fields cannot tell (no launchpool type, no tradeEnableTimestamp) ' +
    'were taken for whirlpools';
  assert.ok(note.endsWith(told), note);
});

judged.run();

const recorded = suite('record from a source that ignores isWavebreak: not every pool is taken for a launch pool');

/** The recording's pool kinds by address, read from its rows. */
function kinds(out: string): Record<string, string> {
  const db = new Database(out, { readonly: true });
  try {
    const rows = db.prepare('SELECT address, pool_type FROM pools').all() as { address: string; pool_type: string }[];
    return Object.fromEntries(rows.map((r) => [r.address, r.pool_type]));
  } finally {
    db.close();
  }
}

/** Records the fake upstream under `options`, one of its whirlpools made a launch pool (a trade-enable time set). */
async function recordFake(options: FakeUpstreamOptions): Promise<{ kinds: Record<string, string>; notes: string[] }> {
  const { dir, remove } = tempDir();
  const fake = await startFakeUpstream({
    ...options,
    change: (f) => void (f.pools[0]!.tradeEnableTimestamp = '2026-01-10T00:00:00Z'),
  });
  try {
    const out = join(dir, 'live.sqlite');
    const { notes } = await recordSnapshot({ from: fake.url, out, asOf: AS_OF });
    return { kinds: kinds(out), notes };
  } finally {
    await fake.close();
    remove();
  }
}

recorded(
  'the live wire: the pool with a trade-enable time is the one launch pool, filter kept or ignored',
  async () => {
    const honest = await recordFake({ pageCap: 2 });
    const ignoring = await recordFake({ pageCap: 2, ignore: ['isWavebreak'] });
    assert.equal(honest.notes, []);
    assert.equal(ignoring.kinds, honest.kinds);
    assert.equal(Object.values(ignoring.kinds).sort(), ['launchpool', 'splashpool', 'whirlpool', 'whirlpool']);
    assert.equal(ignoring.notes.length, 1);
    assert.match(ignoring.notes[0]!, /^the source ignored isWavebreak: .*: 1 of 4 pools are launch pools$/);
  },
);

/** A proxy on 127.0.0.1, port 0, to `target`'s origin that drops `isWavebreak` from every query. */
async function droppingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const origin = new URL(target).origin;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    url.searchParams.delete('isWavebreak');
    void fetch(url).then(async (answer) =>
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}${new URL(target).pathname}`, close };
}

recorded(
  "a clmm-mock behind a proxy that drops it: every pool's kind as the mock serves it, and the note",
  async () => {
    const { dir, remove } = tempDir();
    try {
      await withServer({ snapshot: smallSnapshot }, async ({ server }) => {
        const proxy = await droppingProxy(server.url);
        try {
          const out = join(dir, 'proxied.sqlite');
          const { notes } = await recordSnapshot({ from: proxy.url, out });
          const source: Json[] = (await ok(`${server.url}/pools?size=1000&includeBlocked=true`)).data;
          const expected = Object.fromEntries(source.map((p) => [p.address, p.poolType]));
          assert.equal(kinds(out), expected);
          const launch = source.filter((p) => p.poolType === 'launchpool').length;
          assert.ok(launch > 0 && launch < source.length, `${launch} launch pools of ${source.length}`);
          assert.match(
            notes.join('\n'),
            new RegExp(`^the source ignored isWavebreak: .*: ${launch} of ${source.length} pools are launch pools$`),
          );
        } finally {
          await proxy.close();
        }
      });
    } finally {
      remove();
    }
  },
);

recorded.run();
