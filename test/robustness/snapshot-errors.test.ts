import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cursorsOf } from '../helpers/dialect.js';
import { exchange, keepAliveAgent } from '../helpers/http.js';
import { inParallel } from '../helpers/in-parallel.js';
import { runCliBounded } from '../helpers/run-cli-bounded.js';
import { withServer } from '../helpers/server.js';
import { httpSnapshot, smallSnapshot, tempDir } from '../helpers/snapshots.js';
import { TEST_WIRE } from '../helpers/test-wire.js';

/** A snapshot that cannot be served is one line and exit 1; a snapshot that is served is never written. */
const snapshots = suite('robustness: broken snapshots and read-only serving');

interface BrokenCase {
  name: string;
  make: (dir: string, good: string) => string;
  /** What the one line must say about the problem. */
  problem: RegExp;
}

/** Where an SQLite header stores the page size (big-endian, 2 bytes). */
const PAGE_SIZE_OFFSET = 16;

const CASES: BrokenCase[] = [
  {
    name: 'a missing file',
    make: (dir) => join(dir, 'missing.sqlite'),
    problem: /not found|no such file|does not exist/i,
  },
  {
    name: 'a text file',
    make: (dir) => {
      const path = join(dir, 'notes.sqlite');
      writeFileSync(path, 'these are notes, not a database\n'.repeat(50));
      return path;
    },
    problem: /not an SQLite file|not a database/i,
  },
  {
    name: 'a zero-byte file',
    make: (dir) => {
      const path = join(dir, 'empty.sqlite');
      writeFileSync(path, '');
      return path;
    },
    problem: /not an SQLite file|empty|not a database/i,
  },
  {
    name: 'a copy cut in half',
    make: (dir, good) => {
      const path = join(dir, 'half.sqlite');
      copyFileSync(good, path);
      truncateSync(path, Math.floor(statSync(good).size / 2));
      return path;
    },
    problem: /malformed|truncated|damaged|corrupt|cannot be read|incomplete/i,
  },
  {
    // A copy that stopped in the middle of its last page, as an interrupted download or a disk-full
    // copy leaves it. SQLite reads a short last page as zeros, so the file still opens.
    name: 'a copy cut inside its last page',
    make: (dir, good) => {
      const path = join(dir, 'short.sqlite');
      copyFileSync(good, path);
      const pageSize = readFileSync(good).readUInt16BE(PAGE_SIZE_OFFSET);
      truncateSync(path, statSync(good).size - pageSize / 2);
      return path;
    },
    problem: /malformed|truncated|damaged|corrupt|cannot be read|incomplete|size/i,
  },
  {
    name: 'a copy with PRAGMA user_version = 99',
    make: (dir, good) => {
      const path = join(dir, 'v99.sqlite');
      copyFileSync(good, path);
      const db = new Database(path);
      db.pragma('user_version = 99');
      db.close();
      return path;
    },
    problem: /schema version 99/,
  },
  {
    // The held texts' bounds and lengths are checked at start: a damaged chunk fails there, not on a request.
    name: 'a copy whose held pool texts lost a byte',
    make: (dir, good) => {
      const path = join(dir, 'held.sqlite');
      copyFileSync(good, path);
      const db = new Database(path);
      db.prepare('UPDATE held_items SET texts = substr(texts, 2) WHERE wire = ? AND chunk = 0').run(TEST_WIRE);
      db.close();
      return path;
    },
    problem: /cannot be read: held_items (spec|upstream) chunk 0 holds \d+ bytes, its bounds say \d+/,
  },
];

for (const broken of CASES) {
  snapshots(
    `serve --snapshot <${broken.name}>: one line naming the file and the problem, exit 1, no stack trace`,
    async () => {
      const good = await smallSnapshot();
      const temp = tempDir();
      try {
        const path = broken.make(temp.dir, good);
        const result = await runCliBounded(['serve', '--snapshot', path, '--port', '0', '--wire', TEST_WIRE], 20_000);
        const shown =
          `exit ${result.code}${result.signal ? ` (${result.signal})` : ''}, ` +
          `stdout ${JSON.stringify(result.stdout.slice(0, 300))}, ` +
          `stderr ${JSON.stringify(result.stderr.slice(0, 600))}`;
        assert.not.ok(result.started, `the server started on ${broken.name} instead of refusing it: ${shown}`);
        assert.not.ok(result.timedOut, `neither exited nor started within 20 s: ${shown}`);
        assert.is(result.code, 1, shown);
        const lines = result.stderr.split('\n').filter((line) => line !== '');
        assert.is(lines.length, 1, `stderr has ${lines.length} lines: ${shown}`);
        assert.not.ok(
          lines.some((line) => line.startsWith('    at ')),
          `stack trace on stderr: ${shown}`,
        );
        assert.ok(lines[0]!.includes(basename(path)), `the line does not name the file: ${shown}`);
        assert.match(lines[0]!, broken.problem, `the line does not say what is wrong: ${shown}`);
        assert.is(result.stdout, '', shown);
      } finally {
        temp.remove();
      }
    },
  );
}

function fingerprint(path: string): { sha256: string; mtimeMs: number; size: number } {
  const stat = statSync(path);
  return {
    sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
    mtimeMs: stat.mtimeMs,
    size: stat.size,
  };
}

snapshots(
  'serving a snapshot never writes to it: same bytes and mtime, no -wal, -journal or -shm beside it',
  async () => {
    const temp = tempDir();
    try {
      const path = join(temp.dir, 'served.sqlite');
      copyFileSync(await httpSnapshot(), path);
      const before = fingerprint(path);
      const failures: string[] = [];
      await withServer({ snapshot: path, gracePeriodMs: 1000, chaos: { chaosSeed: 3 } }, async ({ server }) => {
        const agent = keepAliveAgent(6);
        try {
          const first = JSON.parse(
            (
              (await exchange(
                server.port,
                { method: 'GET', path: '/v2/solana/pools?size=30&includeBlocked=true' },
                agent,
              )) as { body: Buffer }
            ).body.toString(),
          );
          const pools = (first.data as { address: string }[]).map((p) => p.address);
          const tokens = (
            JSON.parse(
              (
                (await exchange(server.port, { method: 'GET', path: '/v2/solana/tokens?size=30' }, agent)) as {
                  body: Buffer;
                }
              ).body.toString(),
            ).data as { address: string }[]
          ).map((t) => t.address);
          const paths = [
            `/pools?next=${encodeURIComponent(cursorsOf(first).next!)}`,
            '/pools?sortBy=volume7d&stats=24h,7d&size=50',
            '/pools?minTvl=1000&hasRewards=true',
            '/pools/search?q=SOL-USDC',
            '/pools/search?q=orca&stats=24h',
            '/tokens?sort_by=volume_24h&sort_direction=desc',
            '/tokens/search?q=us',
            '/protocol',
            '/protocol/token',
            '/protocol/token/circulating_supply',
            '/protocol/token/total_supply',
            ...pools.flatMap((a) => [`/pools/${a}?stats=24h,7d,30d`, `/lock/${a}`]),
            ...tokens.map((a) => `/tokens/${a}`),
            '/pools/11111111111111111111111111111111',
            '/tokens/bad',
            '/pools?size=0',
          ];
          await inParallel(paths.length, 6, 20_000, async (i) => {
            const answer = await exchange(
              server.port,
              { method: 'GET', path: `/v2/solana${paths[i]}`, headers: { 'accept-encoding': 'br' } },
              agent,
            );
            if (!answer.ok || answer.status >= 500)
              failures.push(`${paths[i]}: ${answer.ok ? answer.status : answer.error}`);
          });
          for (const [method, admin, body] of [
            ['PUT', '/__mock/chaos', '{"latency": 1}'],
            ['POST', '/__mock/reset', undefined],
            ['DELETE', '/__mock/requests', undefined],
          ] as const) {
            const answer = await exchange(
              server.port,
              {
                method,
                path: admin,
                ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
              },
              agent,
            );
            if (!answer.ok || answer.status >= 300)
              failures.push(`${method} ${admin}: ${answer.ok ? answer.status : answer.error}`);
          }
        } finally {
          agent.destroy();
        }
      });
      assert.ok(failures.length === 0, `requests failed: ${failures.join(', ')}`);
      assert.equal(fingerprint(path), before, 'the snapshot changed while it was served');
      assert.equal(readdirSync(temp.dir), ['served.sqlite'], 'files appeared beside the snapshot');
    } finally {
      temp.remove();
    }
  },
);

snapshots.run();
