import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer } from '../../src/http/create-mock-server.js';
import { imageOf, symbolOf } from '../helpers/dialect.js';
import { okObject, okPage, raw, type Json } from '../helpers/http.js';
import { serve, withServer } from '../helpers/server.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const logos = suite('HTTP logo URLs: absolute, at the origin the client reached, or the public URL (README "Logos")');
const served = serve(logos);

/** GET with a chosen Host header (fetch always sends the real one); the parsed body and ETag. */
async function getWithHost(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; body: Json; etag: string | undefined }> {
  const reply = await raw(`http://127.0.0.1:${port}${path}`, { headers: { host } });
  return { status: reply.status, body: JSON.parse(reply.body.toString()), etag: reply.headers.etag };
}

const logoOf = (origin: string, mint: string): string => `${origin}/static/tokens/${mint}.svg`;

logos('every token with metadata has its logo at the server origin; tokens without metadata keep null', async () => {
  const all: Json[] = (await okPage(`${served.url}/tokens?size=3000`)).data;
  assert.is(all.length, served.model.tokens.length);
  for (const token of all) {
    assert.is(imageOf(token), symbolOf(token) === null ? null : logoOf(served.origin, token.address), token.address);
  }
  assert.ok(
    all.some((t) => imageOf(t) === null),
    'the snapshot has tokens without metadata',
  );
});

logos('pool summaries, details and /protocol/token carry the same absolute URLs', async () => {
  const pool = (await okPage(`${served.url}/pools?size=1`)).data[0];
  const detail = await okObject(`${served.url}/pools/${pool.address}`);
  for (const token of [pool.tokenA, pool.tokenB, detail.tokenA, detail.tokenB]) {
    assert.is(token.imageUrl, token.symbol === null ? null : logoOf(served.origin, token.address));
  }
  const exchange = await okObject(`${served.url}/protocol/token`);
  assert.ok(exchange.imageUrl.startsWith(`${served.origin}/static/tokens/`), exchange.imageUrl);
});

logos('the Host header names the origin; each origin has its own body and ETag', async () => {
  const path = '/v2/solana/pools?size=3';
  const a = await getWithHost(served.server.port, path, `localhost:${served.server.port}`);
  const b = await getWithHost(served.server.port, path, 'mock.test:9000');
  const again = await getWithHost(served.server.port, path, `localhost:${served.server.port}`);
  assert.is(
    a.body.data[0].tokenA.imageUrl,
    logoOf(`http://localhost:${served.server.port}`, a.body.data[0].tokenA.address),
  );
  assert.is(b.body.data[0].tokenA.imageUrl, logoOf('http://mock.test:9000', b.body.data[0].tokenA.address));
  assert.is.not(a.etag, b.etag);
  assert.equal(again, a, "the cached answer for an origin is that origin's");
});

logos("a malformed Host is never echoed into bodies: the server's own address is used", async () => {
  for (const host of ['"><script>alert(1)</script>', 'a b', 'x/y', `${'a'.repeat(300)}.test`]) {
    const reply = await getWithHost(served.server.port, '/v2/solana/tokens?size=1', host);
    assert.is(reply.status, 200);
    assert.is(imageOf(reply.body.data[0]), logoOf(served.origin, reply.body.data[0].address), host);
  }
});

logos('publicUrl replaces the origin, path prefix kept and trailing slash dropped; a bad one is refused', async () => {
  await withServer({ publicUrl: 'https://mock.example.com/api-mock/' }, async ({ server }) => {
    const token = (await okPage(`${server.url}/tokens?size=1`)).data[0];
    assert.is(imageOf(token), logoOf('https://mock.example.com/api-mock', token.address));
  });
  for (const bad of ['mock.example.com', 'ftp://x.test', 'https://x.test/?a=1', '']) {
    try {
      await createMockServer({ snapshot: await httpSnapshot(), port: 0, publicUrl: bad });
      assert.unreachable(`publicUrl ${bad} was accepted`);
    } catch (error) {
      assert.instance(error, TypeError);
      assert.match((error as Error).message, JSON.stringify(bad));
    }
  }
});

logos.run();
