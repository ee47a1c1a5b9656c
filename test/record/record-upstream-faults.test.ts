import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RecordError, recordSnapshot } from '../../src/record/record-snapshot.js';
import { startFakeUpstream } from '../helpers/fake-upstream.js';
import type { UpstreamFixtures } from '../helpers/upstream-fixtures.js';
import { ok } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';
import { tempDir } from '../helpers/snapshots.js';

const AS_OF = '2026-02-01T00:00:00Z';

const throttled = suite('record from the upstream: a 429 with Retry-After is waited out, then retried');

throttled(
  'two 429s on /protocol: onWait told 1 s twice, each retry at least 1 s after its 429, and the recording succeeds',
  async () => {
    const { dir, remove } = tempDir();
    const fake = await startFakeUpstream({ throttle: { path: '/protocol', count: 2 } });
    try {
      const waits: [number, string][] = [];
      const out = join(dir, 'throttled.sqlite');
      const summary = await recordSnapshot({
        from: fake.url,
        out,
        asOf: AS_OF,
        onWait: (seconds, url) => waits.push([seconds, url]),
      });
      assert.equal([summary.tokens, summary.pools], [6, 4]);
      assert.equal(waits, [
        [1, `${fake.url}/protocol`],
        [1, `${fake.url}/protocol`],
      ]);
      const protocol = fake.requests.filter((r) => r.path === '/protocol');
      assert.equal(
        protocol.map((r) => r.status),
        [429, 429, 200],
      );
      // The fake stamps arrival; libuv's millisecond timer clock may fire a sleep up to 1 ms early.
      for (let i = 1; i < protocol.length; i++)
        assert.ok(
          protocol[i]!.at - protocol[i - 1]!.at >= 999,
          `retry ${i} after ${protocol[i]!.at - protocol[i - 1]!.at} ms`,
        );
      await withServer({ snapshot: out }, async ({ server }) => {
        assert.equal((await ok(`${server.url}/protocol`)).data, fake.fixtures.protocol);
      });
    } finally {
      await fake.close();
      remove();
    }
  },
);

throttled.run();

const failing = suite(
  'record from the upstream: a path that keeps failing stops the recording and leaves nothing behind',
);

failing(
  '500 forever on /protocol/token: a RecordError naming the URL and status after the retries; no out, no out.partial',
  async () => {
    const { dir, remove } = tempDir();
    const fake = await startFakeUpstream({ fail: { path: '/protocol/token', status: 500 } });
    try {
      const out = join(dir, 'failed.sqlite');
      let caught: unknown;
      await recordSnapshot({ from: fake.url, out, asOf: AS_OF }).catch((error: unknown) => (caught = error));
      assert.instance(caught, RecordError);
      assert.match((caught as Error).message, new RegExp(`^GET ${fake.url}/protocol/token answered 500: `));
      // One try and three retries (upstream-client.ts), then it gives up.
      assert.equal(
        fake.requests.filter((r) => r.path === '/protocol/token').map((r) => r.status),
        [500, 500, 500, 500],
      );
      assert.not.ok(existsSync(out));
      assert.not.ok(existsSync(`${out}.partial`));
      assert.equal(readdirSync(dir), []);
    } finally {
      await fake.close();
      remove();
    }
  },
);

failing.run();

const refused = suite(
  "record from the upstream: a live dialect's field of the wrong type stops the recording, naming it and the value",
);

const REFUSED: [what: string, change: (f: UpstreamFixtures) => void, message: RegExp][] = [
  [
    'a bump past a byte',
    (f) => (f.pools[0]!.whirlpoolBump = [300]),
    /^pool 39dnZaPtzJqj3QqihahbfJPqhJhHfg9JKuLCsjKc61dm\.whirlpoolBump\[0\] is not a byte: 300$/,
  ],
  [
    'a null price in the history',
    (f) => ((f.pools[1]!.priceHistory7d as unknown[])[3] = null),
    /^pool HBjaZ2pN1wpHamkNgDpEct3DEp4myKcauLm72pDNEBkc\.priceHistory7d\[3\] is null$/,
  ],
  [
    'a lookup table that is no address',
    (f) => (f.pools[2]!.addressLookupTable = 'lookup-table'),
    /^pool FftHJj6cN9sEGE15mdTXcH6LbUy3Bj48AHyBnxi1Craf\.addressLookupTable is not an address: "lookup-table"$/,
  ],
  [
    'a delta in words',
    (f) => (f.pools[0]!.stats['24h']!.volumeDelta = 'lots'),
    /^pool \d\.stats\.24h\.volumeDelta is not a decimal figure or null: "lots"$/,
  ],
  ['a fractional supply', (f) => (f.listed[0]!.supply = '12.5'), /^token 0\.supply is not a whole number: "12\.5"$/],
  [
    'a read time in words',
    (f) => (f.listed[1]!.updatedAt = 'yesterday'),
    /^token 1\.updatedAt is not an ISO 8601 instant: "yesterday"$/,
  ],
  ['extensions as an array', (f) => (f.listed[2]!.extensions = []), /^token 2\.extensions is not an object: \[\]$/],
];

for (const [what, change, message] of REFUSED) {
  refused(what, async () => {
    const { dir, remove } = tempDir();
    const fake = await startFakeUpstream({ change });
    try {
      const out = join(dir, 'refused.sqlite');
      let caught: unknown;
      await recordSnapshot({ from: fake.url, out, asOf: AS_OF }).catch((error: unknown) => (caught = error));
      assert.instance(caught, RecordError);
      assert.match((caught as Error).message, message);
      assert.equal(readdirSync(dir), []);
    } finally {
      await fake.close();
      remove();
    }
  });
}

refused.run();
