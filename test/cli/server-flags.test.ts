import { createServer, type Server } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, startCli } from '../helpers/cli.js';
import { snapshotFor } from '../helpers/snapshots.js';

/** The option names a command's --help lists, in order. */
function helpOptions(command: string): string[] {
  const help = runCli([command, '--help']);
  assert.is(help.code, 0, help.stderr);
  const options = help.stdout.split('\n\n').find((block) => block.startsWith('Options:'))!;
  return [...options.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]!);
}

/** A port held by a listener of this process, so that a server asked for it cannot have it. */
async function heldPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, server };
}

const shared = suite('serve and start: one set of flags, PORT honoured by both, a flag before PORT');

shared('serve and start list the same flags', () => {
  const serve = helpOptions('serve');
  assert.equal(helpOptions('start'), serve);
  for (const flag of ['--snapshot', '--market', '--port', '--host', '--latency', '--market-moves', '--wire'])
    assert.ok(serve.includes(flag), flag);
});

shared('PORT is the port of serve and start when --port is absent; --port wins over it', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const held = await heldPort();
  try {
    const env = { ...process.env, PORT: String(held.port) };
    for (const command of [
      ['serve', '--snapshot', snapshot],
      ['start', '--snapshot', snapshot],
    ]) {
      const refused = runCli(command, env);
      assert.is(refused.code, 1, refused.stderr);
      assert.is(
        refused.stderr,
        `clmm-mock: port ${held.port} on 127.0.0.1 is in use; pick another with PORT or --port (0 takes a free one)\n`,
      );
      const server = await startCli([...command, '--port', '0'], env);
      try {
        const port = Number(/^listening on http:\/\/127\.0\.0\.1:(\d+)\/v2\/solana$/.exec(server.firstLine)?.[1]);
        assert.ok(port > 0 && port !== held.port, server.firstLine);
      } finally {
        assert.is(await server.stop(), 0, server.stderr());
      }
    }
  } finally {
    held.server.close();
  }
});

shared("start takes serve's chaos flags", async () => {
  const server = await startCli(['start', '--port', '0', '--latency', '5-10', '--chaos-seed', '7', '--hang-ms', '900']);
  try {
    const origin = server.firstLine.replace(/^listening on /, '').replace(/\/v2\/solana$/, '');
    const chaos = (await (await fetch(`${origin}/__mock/chaos`)).json()) as Record<string, unknown>;
    assert.equal([chaos.latency, chaos.chaosSeed, chaos.hangMs], ['5-10', 7, 900]);
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

shared.run();

const values = suite('serve and start: a value that cannot be used is one line naming the flag, exit 2');

const HOST_HELP = 'such as 127.0.0.1 (this machine only), ::1 or 0.0.0.0 (every interface)';
const BAD_VALUES: [args: string[], env: Record<string, string>, stderr: string][] = [
  [['--host', ''], {}, `--host must name the interface to listen on, ${HOST_HELP}, got ''`],
  [['--host', '  '], {}, `--host must name the interface to listen on, ${HOST_HELP}, got '  '`],
  [['--host', '127.0.0.1 '], {}, `--host must name the interface to listen on, ${HOST_HELP}, got '127.0.0.1 '`],
  [['--port', 'abc'], {}, "--port must be a port number from 0 to 65535, got 'abc'"],
  [[], { PORT: '80.5' }, "PORT must be a port number from 0 to 65535, got '80.5'"],
  [['--error-rate', 'often'], {}, "--error-rate must be a number from 0 to 1, got 'often'"],
  [['--error-rate', '1.5'], {}, "--error-rate must be a number from 0 to 1, got '1.5'"],
  [['--chaos-seed', 'x7'], {}, "--chaos-seed must be a whole number, got 'x7'"],
  [['--hang-ms', '2.5'], {}, "--hang-ms must be a whole number, got '2.5'"],
  [
    ['--market', 'market.json'],
    {},
    "--snapshot and --market both name what to serve; give one (to keep a market file's snapshot where you " +
      'choose: clmm-mock generate --market <file> --out <snapshot>, then --snapshot <snapshot>)',
  ],
];

for (const command of ['serve', 'start']) {
  for (const [args, env, stderr] of BAD_VALUES) {
    values(`${command} ${args.map((a) => JSON.stringify(a)).join(' ')} ${JSON.stringify(env)}`, () => {
      // The snapshot does not exist: a value refused before it is opened is refused before anything starts.
      const result = runCli([command, '--snapshot', '/nonexistent/x.sqlite', ...args], { ...process.env, ...env });
      assert.is(result.code, 2, result.stderr);
      assert.is(result.stderr, `clmm-mock: ${stderr}\n`);
      assert.is(result.stdout, '');
    });
  }
}

values.run();
