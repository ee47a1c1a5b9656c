import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, startCli } from '../helpers/cli.js';
import { exchange } from '../helpers/http.js';
import { snapshotFor } from '../helpers/snapshots.js';

// --admin-host and --admin-origin of serve and start (docs/admin-and-chaos.md §1.7).
const flags = suite('clmm-mock serve and start: --admin-host and --admin-origin');

/** A PUT /__mock/chaos with a JSON body under `headers`; its status. */
async function put(port: number, headers: Record<string, string>): Promise<number> {
  const ex = { method: 'PUT', path: '/__mock/chaos', headers: { ...headers, 'content-type': 'application/json' } };
  const answer = await exchange(port, { ...ex, body: '{}' }, false);
  if (!answer.ok) throw new Error(answer.error);
  return answer.status;
}

flags('serve: the listed hosts (repeated, a leading dot) and origin are let in; others stay refused', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const args = ['--admin-host', 'mock.test', '--admin-host', '.dev.example', '--admin-origin', 'http://localhost:5173'];
  const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0', ...args]);
  try {
    const port = Number(/:(\d+)\/v2\/solana$/.exec(server.firstLine)?.[1]);
    assert.is(await put(port, { host: 'mock.test:3000' }), 200);
    assert.is(await put(port, { host: 'a.dev.example' }), 200);
    assert.is(await put(port, { host: 'other.test' }), 403);
    assert.is(await put(port, { origin: 'http://localhost:5173' }), 200);
    assert.is(await put(port, { origin: 'http://localhost:5174' }), 403);
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

flags('start takes them too', async () => {
  const server = await startCli(['start', '--admin-host', 'mock.test'], { ...process.env, PORT: '0' });
  try {
    const port = Number(/:(\d+)\/v2\/solana$/.exec(server.firstLine)?.[1]);
    assert.is(await put(port, { host: 'mock.test' }), 200);
    assert.is(await put(port, { host: 'other.test' }), 403);
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

flags('a bad value is one usage line naming the flag, exit 2', () => {
  const cases: [string[], RegExp][] = [
    [['--admin-host', 'mock.test:8080'], /^clmm-mock: --admin-host: an admin host .* got "mock\.test:8080"\n$/],
    [['--admin-host', 'ok.test', '--admin-host', 'a/b'], /^clmm-mock: --admin-host: .* got "a\/b"\n$/],
    [['--admin-origin', 'localhost:5173'], /^clmm-mock: --admin-origin: an admin origin .* got "localhost:5173"\n$/],
  ];
  for (const [args, expected] of cases) {
    for (const command of [['serve', '--snapshot', 'x.sqlite'], ['start']]) {
      const result = runCli([...command, ...args]);
      assert.is(result.code, 2, `${command[0]} ${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, expected);
    }
  }
});

flags.run();
