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

/** The bodies of HTTP/1.1 responses one after another on a connection, each with its Content-Length. */
function bodiesOf(stream: Buffer): Buffer[] {
  const bodies: Buffer[] = [];
  for (let at = 0; at < stream.length;) {
    const end = stream.indexOf('\r\n\r\n', at);
    const head = stream.subarray(at, end).toString('latin1');
    const length = /\r\ncontent-length: (\d+)\r\n/i.exec(head)?.[1];
    assert.ok(end > 0 && length !== undefined, `no Content-Length in ${head}`);
    bodies.push(stream.subarray(end + 4, end + 4 + Number(length)));
    at = end + 4 + Number(length);
  }
  return bodies;
}

/** Asks for `paths` one after another on one connection (pipelined), which reads nothing until `resume`. */
function stalledRequests(port: number, paths: readonly string[]): { socket: Socket; resume: () => Promise<Buffer> } {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const last = paths.length - 1;
  socket.write(
    paths
      .map(
        (path, i) =>
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${i === last ? 'Connection: close\r\n' : ''}\r\n`,
      )
      .join(''),
  );
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

/** Six orders: six distinct pages, some 6 MB in all, more than the sockets between server and client hold. */
const STALLED = ['tvl', 'volume24h', 'fees24h', 'yieldovertvl7d', 'lockedliquiditypercent', 'volume1h'];

memory(
  'a client that stops reading gets its pages intact while other pages are made in memory handed back',
  async () => {
    const origin = `http://127.0.0.1:${served.server.port}`;
    const stalled = stalledRequests(served.server.port, STALLED.map(page));
    try {
      // The server has made what it could and written what the socket takes; the rest waits for the client.
      await sleep(300);
      for (const sortBy of ['fees7d', 'rewards24h', 'volume30d', 'tvl']) {
        const other = await raw(`${origin}${page(sortBy)}`);
        assert.is(other.status, 200, sortBy);
        assert.ok(other.body.length > 800_000, `a page of ${other.body.length} bytes`);
        assert.ok(JSON.parse(other.body.toString('utf8')).data.length > 300, sortBy);
      }
      const bodies = bodiesOf(await stalled.resume());
      assert.is(bodies.length, STALLED.length);
      for (const [i, sortBy] of STALLED.entries()) {
        const fresh = await raw(`${origin}${page(sortBy)}`);
        assert.ok(bodies[i]!.equals(fresh.body), `the stalled page by ${sortBy} is byte for byte the page made afresh`);
      }
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
