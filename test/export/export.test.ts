import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exportSnapshot } from '../../src/export/export-snapshot.js';
import { runCli } from '../helpers/cli.js';
import type { Json } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';
import { httpSnapshot, tempDir } from '../helpers/snapshots.js';
import { WIRES } from '../../src/snapshot/format/wire.js';

const exported = suite('export: a static tree of responses, byte for byte what serve answers (issue #5)');

const PUBLIC_URL = 'http://localhost:5173';
/** Set before the suite runs: exportSnapshot is synchronous. */
let httpSnapshotPath = '';
exported.before(async () => {
  httpSnapshotPath = await httpSnapshot();
});

for (const wire of WIRES)
  exported(
    `${wire} dialect: every file equals the served response at its URL; the index covers every pool, lock, token, logo`,
    async () => {
      const temp = tempDir();
      try {
        await withServer({ publicUrl: PUBLIC_URL, wire }, async ({ server }) => {
          const out = join(temp.dir, 'api');
          const summary = exportSnapshot({ snapshot: await httpSnapshot(), out, publicUrl: PUBLIC_URL, wire });
          const index: Json = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8'));
          assert.is(index.api, `${PUBLIC_URL}/v2/solana`);
          assert.is(index.wire, wire);
          assert.is(summary.files, index.entries.length + 1);
          const urls = new Set<string>(index.entries.map((e: Json) => e.url));
          const db = new Database(await httpSnapshot(), { readonly: true });
          const pools = db.prepare('SELECT address FROM pools').pluck().all() as string[];
          const tokens = db.prepare('SELECT address FROM tokens').pluck().all() as string[];
          db.close();
          for (const address of pools) {
            for (const url of [`/v2/solana/pools/${address}`, `/v2/solana/lock/${address}`])
              assert.ok(urls.has(url), url);
          }
          for (const mint of tokens) {
            for (const url of [`/v2/solana/tokens/${mint}`, `/static/tokens/${mint}.svg`])
              assert.ok(urls.has(url), url);
          }
          for (const url of [
            '/v2/solana/pools',
            '/v2/solana/tokens',
            '/v2/solana/protocol',
            '/v2/solana/protocol/token/total_supply',
          ])
            assert.ok(urls.has(url), url);
          for (const entry of index.entries as Json[]) {
            const response = await fetch(`${server.url.replace(/\/v2\/solana$/, '')}${entry.url}`);
            assert.is(response.status, 200, entry.url);
            assert.is(response.headers.get('content-type'), entry.contentType, entry.url);
            assert.ok(
              Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(out, entry.file))),
              `${entry.file} differs from GET ${entry.url}`,
            );
          }
          assert.ok(
            index.entries.some((e: Json) => e.url.startsWith('/v2/solana/pools/search?q=')),
            'a search page is exported',
          );
        });
      } finally {
        temp.remove();
      }
    },
  );

exported(
  'two exports are identical; a folder with files needs --force; a bad snapshot or URL is one line',
  async () => {
    const temp = tempDir();
    try {
      const [a, b] = [join(temp.dir, 'a'), join(temp.dir, 'b')];
      for (const out of [a, b]) assert.is(runCli(['export', '--snapshot', await httpSnapshot(), '--out', out]).code, 0);
      const index = readFileSync(join(a, 'index.json'), 'utf8');
      assert.is(readFileSync(join(b, 'index.json'), 'utf8'), index);
      for (const entry of JSON.parse(index).entries as Json[])
        assert.ok(readFileSync(join(a, entry.file)).equals(readFileSync(join(b, entry.file))), entry.file);
      const again = runCli(['export', '--snapshot', await httpSnapshot(), '--out', a]);
      assert.equal(
        [again.code, again.stderr],
        [1, `clmm-mock: ${a} exists and is not empty; pass --force to replace it\n`],
      );
      assert.is(runCli(['export', '--snapshot', await httpSnapshot(), '--out', a, '--force']).code, 0);
      const missing = runCli(['export', '--snapshot', join(temp.dir, 'none.sqlite'), '--out', join(temp.dir, 'c')]);
      assert.is(missing.code, 1);
      assert.match(
        missing.stderr,
        /^clmm-mock: snapshot .*none\.sqlite not found \(create one with: clmm-mock generate --out .*none\.sqlite\)\n$/,
      );
      const badUrl = runCli([
        'export',
        '--snapshot',
        await httpSnapshot(),
        '--out',
        join(temp.dir, 'd'),
        '--public-url',
        'localhost',
      ]);
      assert.equal([badUrl.code, badUrl.stderr.split('\n').length], [2, 2]);
      assert.match(badUrl.stderr, /^clmm-mock: --public-url: public URL must be an absolute http\(s\) URL/);
    } finally {
      temp.remove();
    }
  },
);

exported('an export that fails on the way leaves nothing beside --out: no out, no out.partial', async () => {
  const temp = tempDir();
  try {
    const out = join(temp.dir, 'api');
    // The error a full disk gives, thrown once files are being written.
    const onProgress = (done: number): void => {
      if (done > 0) throw new Error('ENOSPC: no space left on device');
    };
    assert.throws(() => exportSnapshot({ snapshot: httpSnapshotPath, out, onProgress }), /ENOSPC/);
    assert.equal(readdirSync(temp.dir), []);
  } finally {
    temp.remove();
  }
});

exported.run();
