import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { raw } from '../helpers/http.js';
import { serve, withServer } from '../helpers/server.js';
import { sleep } from '../helpers/waiting.js';

const memory = suite("a large body's memory is handed out again only once the body is sent (body-buffers.ts)");
// Nothing is kept by the response cache: every body's memory goes back to be handed out again.
const served = serve(memory, { cacheBytes: 0 });

const ALL_PERIODS = '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d';
/** A page of every pool with every period: 0.9 MB or more, more than a socket takes while its client waits. */
const page = (sortBy: string): string => `/v2/solana/pools?size=400&stats=${ALL_PERIODS}&sortBy=${sortBy}`;

/** The body of a raw HTTP/1.1 response that came with Content-Length. */
function bodyOf(response: Buffer): Buffer {
  const end = response.indexOf('\r\n\r\n');
  const length = /\r\ncontent-length: (\d+)\r\n/i.exec(response.subarray(0, end).toString('latin1'))?.[1];
  assert.ok(length !== undefined, `no Content-Length in ${response.subarray(0, end).toString('latin1')}`);
  const body = response.subarray(end + 4);
  assert.is(body.length, Number(length), 'the whole body arrived');
  return body;
}

/** Asks for `path` on a connection that reads nothing until `resume`. */
function stalledRequest(port: number, path: string): { socket: Socket; resume: () => Promise<Buffer> } {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  return {
    socket,
    resume: async () => {
      const ended = once(socket, 'end');
      socket.resume();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

memory(
  'a client that stops reading gets its page intact while other pages are made in memory handed back',
  async () => {
    const origin = `http://127.0.0.1:${served.server.port}`;
    const stalled = stalledRequest(served.server.port, page('tvl'));
    try {
      // The server has made the page and written what the socket takes; the rest waits for the client.
      await sleep(200);
      for (const sortBy of ['volume24h', 'fees24h', 'yieldovertvl7d', 'liquidity']) {
        const other = await raw(`${origin}${page(sortBy)}`);
        assert.is(other.status, 200, sortBy);
        assert.ok(other.body.length > 1_000_000, `a page of ${other.body.length} bytes`);
        assert.is(JSON.parse(other.body.toString('utf8')).data.length, 400, sortBy);
      }
      const body = bodyOf(await stalled.resume());
      const fresh = await raw(`${origin}${page('tvl')}`);
      assert.is(fresh.status, 200);
      assert.ok(body.equals(fresh.body), 'the stalled page is byte for byte the page made afresh');
    } finally {
      stalled.socket.destroy();
    }
  },
);

memory('a body the response cache keeps stays as it was while later bodies reuse memory', async () => {
  await withServer({}, async ({ server }) => {
    const origin = `http://127.0.0.1:${server.port}`;
    const kept = `${origin}${page('tvl')}`;
    const first = await raw(kept);
    await raw(kept); // the second time: kept
    for (const sortBy of ['volume24h', 'fees24h', 'yieldovertvl7d']) await raw(`${origin}${page(sortBy)}`);
    const again = await raw(kept);
    assert.is(again.headers.etag, first.headers.etag);
    assert.ok(again.body.equals(first.body), 'the kept body is unchanged');
  });
});

memory.run();
