import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, runCli, type CliResult } from '../helpers/cli.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { tempDir } from '../helpers/snapshots.js';

const AS_OF = '2026-02-01T00:00:00Z';

/**
 * Runs the binary without blocking this process (runCli's spawnSync would starve the in-process
 * fake); SIGINT is sent once `interrupt()` holds (polled every 20 ms).
 */
function runAsync(args: string[], interrupt?: () => boolean): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // One SIGINT only: the command listens once, so a second one would kill it outright.
    const poll =
      interrupt &&
      setInterval(() => {
        if (!interrupt()) return;
        clearInterval(poll);
        child.kill('SIGINT');
      }, 20);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `body` with a fake upstream and a temporary folder, closing both after. */
async function withFake(
  options: Parameters<typeof startFakeUpstream>[0],
  body: (fake: FakeUpstream, dir: string) => Promise<void>,
): Promise<void> {
  const { dir, remove } = tempDir();
  const fake = await startFakeUpstream(options);
  try {
    await body(fake, dir);
  } finally {
    await fake.close();
    remove();
  }
}

const recording = suite('clmm-mock record: records the upstream and says so in one line');

recording('records the fake upstream: exit 0, one `wrote` line on stdout, a snapshot at --out', () =>
  withFake({ pageCap: 2 }, async (fake, dir) => {
    const out = join(dir, 'live.sqlite');
    const result = await runAsync(['record', '--from', fake.url, '--out', out, '--as-of', AS_OF, '--concurrency', '2']);
    assert.is(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      new RegExp(`^wrote ${out}: 6 tokens, 4 pools recorded from ${fake.url} \\(asOf ${AS_OF}\\) in \\d+\\.\\ds\\n$`),
    );
    assert.is(result.stderr, '');
    assert.is(readFileSync(out).subarray(0, 15).toString(), 'SQLite format 3');
    assert.equal(readdirSync(dir), ['live.sqlite']);
  }),
);

recording(
  'a source that ignores isWavebreak: exit 0, the `wrote` line, and one warning line on stderr saying what record did',
  () =>
    withFake({ pageCap: 2, ignore: ['isWavebreak'] }, async (fake, dir) => {
      const out = join(dir, 'live.sqlite');
      const result = await runAsync(['record', '--from', fake.url, '--out', out, '--as-of', AS_OF]);
      assert.is(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`^wrote ${out}: 6 tokens, 4 pools recorded from `));
      // None of the fixtures' pools sets a trade-enable time: none is a launch pool, whatever the filter answered.
      assert.is(
        result.stderr,
        'warning: the source ignored isWavebreak: /pools?isWavebreak=true answered every pool, 4 of them not ' +
          "launch pools by their own fields; record took each pool's kind from its own fields instead: " +
          '0 of 4 pools are launch pools\n',
      );
    }),
);

recording('--out in folders that do not exist: they are created before the crawl, and the snapshot written', () =>
  withFake({ pageCap: 2 }, async (fake, dir) => {
    const out = join(dir, 'new', 'deeper', 'live.sqlite');
    const result = await runAsync(['record', '--from', fake.url, '--out', out, '--as-of', AS_OF]);
    assert.is(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`^wrote ${out}: 6 tokens, 4 pools recorded from `));
    assert.equal(readdirSync(join(dir, 'new', 'deeper')), ['live.sqlite']);
  }),
);

recording('--help names every flag with an example', () => {
  const result = runCli(['record', '--help']);
  assert.is(result.code, 0);
  for (const flag of ['--from', '--out', '--as-of', '--concurrency', '--force'])
    assert.match(result.stdout, new RegExp(`^  ${flag} `, 'm'), flag);
  assert.match(result.stdout, /Examples:\n {2}clmm-mock record --from http/);
});

recording.run();

const badValues = suite('clmm-mock record: a bad value is one line on stderr naming it, never a stack trace');

const cases: [name: string, args: (fake: FakeUpstream, out: string) => string[], code: number, stderr: RegExp][] = [
  [
    '--from not a URL',
    (_, out) => ['--from', 'not-a-url', '--out', out, '--as-of', AS_OF],
    2,
    new RegExp(
      /^clmm-mock: --from must be an http\(s\) URL of the API, /.source +
        /such as http:\/\/127\.0\.0\.1:8080\/v2\/solana, got "not-a-url"\n$/.source,
    ),
  ],
  [
    '--concurrency 0',
    (fake, out) => ['--from', fake.url, '--out', out, '--as-of', AS_OF, '--concurrency', '0'],
    2,
    /^clmm-mock: --concurrency must be an integer from 1 to 64, got '0'\n$/,
  ],
  [
    '--as-of yesterday',
    (fake, out) => ['--from', fake.url, '--out', out, '--as-of', 'yesterday'],
    2,
    /^clmm-mock: --as-of must be an ISO 8601 UTC instant to the second like 2026-01-01T00:00:00Z, got 'yesterday'\n$/,
  ],
  [
    'a --from on a port fetch refuses to use',
    (_, out) => ['--from', 'http://127.0.0.1:1/v2/solana', '--out', out, '--as-of', AS_OF],
    1,
    /^clmm-mock: GET http:\/\/127\.0\.0\.1:1\/v2\/solana\/pools\?\S+ failed: fetch failed \(bad port\)\n$/,
  ],
];

for (const [name, args, code, expected] of cases) {
  badValues(name, () =>
    withFake({}, async (fake, dir) => {
      const result = await runAsync(['record', ...args(fake, join(dir, 'x.sqlite'))]);
      assert.is(result.code, code, result.stderr);
      assert.match(result.stderr, expected);
      assert.is(result.stdout, '');
      assert.equal(readdirSync(dir), []);
    }),
  );
}

badValues('a --from where nothing listens names the host and says it could not connect', () =>
  withFake({}, async (_, dir) => {
    // A port just closed by this process: nothing listens there, and the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const from = `http://127.0.0.1:${port}/v2/solana`;
    const result = await runAsync(['record', '--from', from, '--out', join(dir, 'x.sqlite'), '--as-of', AS_OF]);
    assert.is(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`^clmm-mock: GET ${from}/\\S+ failed: `));
    assert.ok(
      result.stderr.endsWith(
        `: could not connect to 127.0.0.1:${port}: connection refused (is a server running there?)\n`,
      ),
      result.stderr,
    );
    assert.equal(readdirSync(dir), []);
  }),
);

badValues('a --from without /v2/solana that answers 404 says which base URL is expected', () =>
  withFake({}, async (fake, dir) => {
    const origin = fake.url.replace(/\/v2\/solana$/, '');
    const result = await runAsync(['record', '--from', origin, '--out', join(dir, 'x.sqlite'), '--as-of', AS_OF]);
    assert.is(result.code, 1, result.stderr);
    const expected = `: --from must be the API's base URL, up to /v2/solana, e.g. --from ${origin}/v2/solana\n`;
    assert.match(result.stderr, new RegExp(`^clmm-mock: GET ${origin}/\\S+ answered 404`));
    assert.ok(result.stderr.endsWith(expected), result.stderr);
    assert.equal(readdirSync(dir), []);
  }),
);

badValues('an existing --out without --force is kept as it was', () =>
  withFake({}, async (fake, dir) => {
    const out = join(dir, 'x.sqlite');
    writeFileSync(out, 'keep me');
    const result = await runAsync(['record', '--from', fake.url, '--out', out, '--as-of', AS_OF]);
    assert.is(result.code, 1);
    assert.is(result.stderr, `clmm-mock: --out ${out} exists; pass --force to overwrite it\n`);
    assert.is(readFileSync(out, 'utf8'), 'keep me');
    assert.equal(fake.requests, []);
  }),
);

badValues.run();

const interrupted = suite('clmm-mock record: SIGINT stops a slow recording and leaves nothing behind');

interrupted('SIGINT mid-crawl exits 130, says nothing was written, and leaves neither --out nor --out.partial', () =>
  withFake({ delayMs: 100 }, async (fake, dir) => {
    const out = join(dir, 'slow.sqlite');
    const result = await runAsync(['record', '--from', fake.url, '--out', out, '--as-of', AS_OF], () =>
      fake.requests.some((r) => r.path.startsWith('/lock/')),
    );
    assert.is(result.code, 130, result.stderr);
    assert.is(result.stderr, `clmm-mock: interrupted; nothing was written to ${out}\n`);
    assert.is(result.stdout, '');
    await sleep(50);
    assert.not.ok(existsSync(out));
    assert.not.ok(existsSync(`${out}.partial`));
    assert.equal(readdirSync(dir), []);
  }),
);

interrupted.run();
