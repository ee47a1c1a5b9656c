import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { BIN, runCli, startCli } from '../helpers/cli.js';
import { snapshotFor, tempDir } from '../helpers/snapshots.js';

const serve = suite('clmm-mock serve and start');

serve('serve prints the URL first, answers, and exits 0 on SIGTERM and SIGINT', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0']);
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+\/v2\/solana)$/.exec(server.firstLine)?.[1];
    assert.ok(url, server.firstLine);
    const body = (await (await fetch(`${url}/protocol/token/total_supply`)).json()) as {
      data: { total_supply: string };
    };
    assert.match(body.data.total_supply, /^\d+\.\d{6}$/);
    assert.is(await server.stop(signal), 0, server.stderr());
  }
});

serve('start serves the default snapshot on PORT', async () => {
  const server = await startCli(['start'], { ...process.env, PORT: '0' });
  try {
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+\/v2\/solana)$/.exec(server.firstLine)?.[1];
    const response = await fetch(`${url}/pools?size=5&stats=24h`);
    assert.is(response.status, 200);
    const body = (await response.json()) as {
      data: { stats: Record<string, unknown> }[];
      meta: { next: string | null };
    };
    assert.is(body.data.length, 5);
    assert.equal(Object.keys(body.data[0]!.stats), ['24h']);
    assert.type(body.meta.next, 'string');
  } finally {
    assert.is(await server.stop(), 0);
  }
});

serve('--wire upstream and CLMM_MOCK_WIRE=upstream speak the live dialect; health names it', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  for (const [args, env] of [
    [['--wire', 'upstream'], process.env],
    [[], { ...process.env, CLMM_MOCK_WIRE: 'upstream' }],
  ] as const) {
    const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0', ...args], env);
    try {
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)\/v2\/solana$/.exec(server.firstLine)?.[1];
      // The live dialect's supply endpoint is bare and whole.
      const supply = (await (await fetch(`${url}/v2/solana/protocol/token/total_supply`)).json()) as object;
      assert.equal(Object.keys(supply), ['total_supply']);
      assert.match((supply as { total_supply: string }).total_supply, /^\d+$/);
      const health = (await (await fetch(`${url}/__mock/health`)).json()) as { wire: string };
      assert.is(health.wire, 'upstream');
    } finally {
      assert.is(await server.stop(), 0, server.stderr());
    }
  }
});

serve('bad flags and snapshots fail with one line', async () => {
  const cases: [string[], number, RegExp][] = [
    [['serve', '--snapshot', '/nonexistent/x.sqlite'], 1, /^clmm-mock: snapshot \/nonexistent\/x\.sqlite not found/],
    [
      ['serve', '--snapshot', await snapshotFor(21, 50, 30), '--port', '70000'],
      2,
      /^clmm-mock: --port must be a port number from 0 to 65535, got '70000'\n$/,
    ],
    [
      ['serve'],
      2,
      new RegExp(
        /^clmm-mock: serve needs --snapshot <file> or --market <file>; /.source +
          /clmm-mock start serves the default snapshot, generating it first\n$/.source,
      ),
    ],
    [
      ['serve', '--snapshot', 'x.sqlite', '--wire', 'live'],
      2,
      /^clmm-mock: --wire must be one of spec, upstream; got 'live' \(see clmm-mock --help\)\n$/,
    ],
  ];
  for (const [args, code, expected] of cases) {
    const result = runCli(args);
    assert.is(result.code, code, result.stderr);
    assert.match(result.stderr, expected);
  }
});

serve('a CLMM_MOCK_WIRE that names no dialect is an error naming the accepted ones', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const result = spawnSync(process.execPath, [BIN, 'serve', '--snapshot', snapshot, '--port', '0'], {
    encoding: 'utf8',
    env: { ...process.env, CLMM_MOCK_WIRE: 'live' },
    timeout: 30_000,
  });
  assert.is(result.status, 2, result.stderr);
  assert.is(result.stderr, "clmm-mock: CLMM_MOCK_WIRE must be one of spec, upstream; got 'live'\n");
});

serve.run();

const config = suite('clmm-mock serve: chaos settings that are not valid never start a server');

config('a config that is not an object, or a bad flag, is one line and exit 2', () => {
  const { dir, remove } = tempDir();
  try {
    const file = join(dir, 'chaos.json');
    writeFileSync(file, 'null');
    const nullConfig = runCli(['serve', '--snapshot', '/nonexistent.sqlite', '--config', file, '--latency', '5']);
    assert.is(nullConfig.code, 2);
    assert.match(
      nullConfig.stderr,
      /^clmm-mock: --config .*chaos\.json must hold a JSON object of chaos settings, got null\n$/,
    );
    writeFileSync(file, '{"errorRate": 0.5, "routes": {"GET /pools": {"latncy": 5}}}');
    const badKey = runCli(['serve', '--snapshot', '/nonexistent.sqlite', '--config', file]);
    assert.is(badKey.code, 2);
    assert.match(
      badKey.stderr,
      new RegExp(
        /^clmm-mock: chaos settings: routes."GET \/pools".latncy is not a chaos setting; /.source +
          /use latency, errorRate, errorStatus\n$/.source,
      ),
    );
  } finally {
    remove();
  }
});
config('a config holding a key twice is one line naming the key and where, and exit 2', () => {
  const { dir, remove } = tempDir();
  try {
    const file = join(dir, 'chaos.json');
    writeFileSync(file, '{\n  "errorRate": 0,\n  "errorRate": 1\n}\n');
    const twice = runCli(['serve', '--snapshot', '/nonexistent.sqlite', '--config', file]);
    assert.is(twice.code, 2);
    assert.match(
      twice.stderr,
      /^clmm-mock: --config .*chaos\.json: key "errorRate" appears twice \(line 3, column 3\)\n$/,
    );
  } finally {
    remove();
  }
});
config.run();
