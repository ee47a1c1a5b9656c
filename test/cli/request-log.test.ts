import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, startCli } from '../helpers/cli.js';
import { snapshotFor } from '../helpers/snapshots.js';
import { waitFor } from '../helpers/waiting.js';

const log = suite('clmm-mock serve and start: a line per request on stdout, none with --quiet');

/** The lines after `listening on …` (and the dialect's line). */
const logLines = (stdout: string): string[] => stdout.split('\n').filter((l) => /^[A-Z]+ \//.test(l));

log('serve prints each request: method, URL, status, time, what chaos did and what was ignored', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0']);
  try {
    const url = /^listening on (\S+)$/.exec(server.firstLine)![1]!;
    const origin = new URL(url).origin;
    assert.is((await fetch(`${url}/pools?size=1&sort_by=tvl`)).status, 200);
    assert.is((await fetch(`${url}/protocol?__status=503`)).status, 503);
    assert.is((await fetch(`${origin}/__mock/chaos`)).status, 200, 'an admin read: not logged');
    assert.is((await fetch(url)).status, 200);
    assert.ok(await waitFor(() => logLines(server.stdout()).length >= 3, 5000), server.stdout());
    const lines = logLines(server.stdout());
    assert.is(lines.length, 3, server.stdout());
    assert.match(
      lines[0]!,
      /^GET \/v2\/solana\/pools\?size=1&sort_by=tvl 200 \d+ ms \[ignored: sort_by \(did you mean sortBy\?\)\]$/,
    );
    assert.match(lines[1]!, /^GET \/v2\/solana\/protocol\?__status=503 503 \d+ ms \[chaos: fault 503\]$/);
    assert.match(lines[2]!, /^GET \/v2\/solana 200 \d+ ms$/);
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

log('--quiet prints the URL and nothing per request; both commands take it', async () => {
  const snapshot = await snapshotFor(21, 50, 30);
  const server = await startCli(['serve', '--snapshot', snapshot, '--port', '0', '--quiet']);
  try {
    const url = /^listening on (\S+)$/.exec(server.firstLine)![1]!;
    for (let i = 0; i < 3; i++) assert.is((await fetch(`${url}/tokens?size=1`)).status, 200);
    // A request after them, unlogged too: once it is answered, any line for the first three would be out.
    await fetch(`${url}/protocol`);
    assert.equal(logLines(server.stdout()), []);
    assert.is(server.stdout(), `${server.firstLine}\n`);
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
  for (const command of ['serve', 'start']) assert.match(runCli([command, '--help']).stdout, /--quiet/, command);
});

log.run();
