import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, startCli } from '../helpers/cli.js';
import { snapshotFor } from '../helpers/snapshots.js';

const moves = suite('clmm-mock serve --market-moves: a market that moves by itself');

moves('serve --market-moves 200ms takes steps; health and every answer say which', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0', '--market-moves', '200ms']);
  try {
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)\/v2\/solana$/.exec(server.firstLine)?.[1];
    assert.ok(url, server.firstLine);
    // A bound many times the two steps it waits for: only a clock that never ticks misses it.
    const deadline = Date.now() + 20_000;
    let market = { step: 0, movesEveryMs: 0 };
    while (market.step < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      market = ((await (await fetch(`${url}/__mock/health`)).json()) as { market: typeof market }).market;
    }
    assert.equal([market.step >= 2, market.movesEveryMs], [true, 200]);
    const step = (await fetch(`${url}/v2/solana/tokens?size=1`)).headers.get('x-mock-market-step');
    assert.ok(Number(step) >= 2, String(step));
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

moves('a bad --market-moves is one usage line and exit 2; --help explains the flag', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  for (const value of ['5x', '10ms', 'soon', '-1s']) {
    const result = runCli(['serve', '--snapshot', snapshot, '--market-moves', value]);
    assert.is(result.code, 2, `${value}: ${result.stderr}`);
    assert.is(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /--market-moves/);
    assert.match(result.stderr, /such as 5s/);
  }
  for (const command of ['serve', 'start']) assert.match(runCli([command, '--help']).stdout, /--market-moves/);
});

moves.run();
