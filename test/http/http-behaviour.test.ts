import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, raw, type RawReply } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const http = suite('HTTP behaviour: content type, CORS, ETag, compression, HEAD (docs/api.md §1.4)');
const served = serve(http);

const JSON_TYPE = 'application/json; charset=utf-8';
const pool = (): string => served.model.pools[0]!.address;
const list = (header: string | string[] | undefined | null): string[] =>
  String(header ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase());

/** The body as JSON, decoded by its Content-Encoding. */
function decode(reply: RawReply): unknown {
  const encoding = reply.headers['content-encoding'];
  const bytes =
    encoding === 'gzip' ? gunzipSync(reply.body) : encoding === 'br' ? brotliDecompressSync(reply.body) : reply.body;
  assert.ok(encoding === undefined || encoding === 'gzip' || encoding === 'br', `encoding ${encoding}`);
  return JSON.parse(bytes.toString('utf8'));
}

const PATHS = [
  '/pools',
  '/pools?size=5&stats=24h',
  '/tokens',
  '/tokens/search?q=sol',
  '/pools/search?q=usd',
  '/pools/{pool}',
  '/lock/{pool}',
  '/protocol',
  '/protocol/token/total_supply',
];
const at = (path: string): string => `${served.url}${path.replace('{pool}', pool())}`;

http('Content-Type is application/json; charset=utf-8 on answers and errors alike', async () => {
  for (const path of [...PATHS, '/pools?size=0', `/pools/${'1'.repeat(32)}`, '/nope']) {
    assert.is((await call(at(path))).headers.get('content-type'), JSON_TYPE, path);
  }
});

http('Access-Control-Allow-Origin: * on 200, 400, 404 and 405 responses', async () => {
  for (const [path, method, status] of [
    ['/pools', 'GET', 200],
    ['/pools?size=0', 'GET', 400],
    ['/nope', 'GET', 404],
    ['/pools', 'POST', 405],
  ] as const) {
    const reply = await raw(at(path), { method, headers: { origin: 'http://localhost:5173' } });
    assert.is(reply.status, status);
    assert.is(reply.headers['access-control-allow-origin'], '*', `${method} ${path}`);
  }
});

http('a preflight is answered 204, allowing GET and the x-mock-status / x-mock-delay headers', async () => {
  for (const path of ['/pools', '/pools/{pool}', '/protocol']) {
    for (const asked of ['x-mock-status, x-mock-delay', undefined]) {
      const headers: Record<string, string> = {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
      };
      if (asked) headers['access-control-request-headers'] = asked;
      const reply = await raw(at(path), { method: 'OPTIONS', headers });
      assert.is(reply.status, 204, path);
      assert.is(reply.body.length, 0);
      assert.is(reply.headers['access-control-allow-origin'], '*');
      assert.ok(list(reply.headers['access-control-allow-methods']).includes('get'));
      const allowed = list(reply.headers['access-control-allow-headers']);
      assert.ok(allowed.includes('x-mock-status') && allowed.includes('x-mock-delay'), `allowed: ${allowed}`);
    }
  }
});

http('a strong ETag on every 200; If-None-Match with it gives 304 with an empty body', async () => {
  for (const path of PATHS) {
    const first = await raw(at(path));
    const etag = first.headers.etag!;
    assert.is(first.status, 200);
    assert.match(etag, /^"[\x21\x23-\x7e]+"$/, `strong ETag on ${path}: ${etag}`);
    assert.is((await raw(at(path))).headers.etag, etag, 'the same body gives the same ETag');
    const again = await raw(at(path), { headers: { 'if-none-match': etag } });
    assert.is(again.status, 304, path);
    assert.is(again.body.length, 0);
    assert.is(again.headers.etag, etag);
    assert.is(
      (await raw(at(path), { headers: { 'if-none-match': `"x", W/${etag}` } })).status,
      304,
      'weak comparison, list',
    );
    assert.is((await raw(at(path), { headers: { 'if-none-match': '"something-else"' } })).status, 200);
  }
  assert.is.not((await raw(at('/pools'))).headers.etag, (await raw(at('/pools?size=5'))).headers.etag);
});

http('If-None-Match works through fetch too (fetch negotiates compression)', async () => {
  const first = await fetch(at('/pools?size=30'));
  await first.arrayBuffer();
  const again = await fetch(at('/pools?size=30'), { headers: { 'if-none-match': first.headers.get('etag')! } });
  assert.is(again.status, 304);
  assert.is(await again.text(), '');
});

for (const [accept, expected] of [
  ['gzip', 'gzip'],
  ['br', 'br'],
  ['gzip;q=0, br', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['identity', undefined],
] as const) {
  http(`Accept-Encoding: ${accept} → ${expected ?? 'no'} Content-Encoding, decoding to the same JSON`, async () => {
    for (const path of ['/pools?stats=24h,7d', '/tokens?size=200', '/pools/{pool}?stats=30d']) {
      const plain = await raw(at(path));
      assert.is(plain.headers['content-encoding'], undefined);
      const packed = await raw(at(path), { headers: { 'accept-encoding': accept } });
      assert.is(packed.status, 200);
      assert.is(packed.headers['content-encoding'], expected, path);
      assert.is(Number(packed.headers['content-length']), packed.body.length);
      assert.ok(list(packed.headers.vary).includes('accept-encoding'));
      assert.equal(decode(packed), JSON.parse(plain.body.toString('utf8')));
      assert.is(packed.headers['content-type'], JSON_TYPE);
    }
  });
}

http('a small body with Accept-Encoding still decodes to the same JSON; a compressed ETag revalidates', async () => {
  const plain = await raw(at('/protocol'));
  for (const accept of ['gzip', 'br', 'gzip, deflate, br']) {
    assert.equal(
      decode(await raw(at('/protocol'), { headers: { 'accept-encoding': accept } })),
      JSON.parse(plain.body.toString('utf8')),
    );
    const packed = await raw(at('/pools'), { headers: { 'accept-encoding': accept } });
    const again = await raw(at('/pools'), {
      headers: { 'accept-encoding': accept, 'if-none-match': packed.headers.etag! },
    });
    assert.is(again.status, 304, accept);
  }
});

const HEAD_CASES: [string, string[]][] = [
  ['answers', PATHS],
  ['errors', ['/pools?size=0', `/pools/${'1'.repeat(32)}`, '/nope', '/v2/solana/pools/x/y']],
];
for (const [kind, paths] of HEAD_CASES) {
  http(`HEAD gives the same status and headers as GET, and no body (${kind})`, async () => {
    await sameHeadAsGet(paths);
  });
}

async function sameHeadAsGet(paths: string[]): Promise<void> {
  for (const path of paths) {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const [get, head] = [await raw(at(path), { headers }), await raw(at(path), { method: 'HEAD', headers })];
      assert.is(head.status, get.status, path);
      assert.is(head.body.length, 0);
      for (const name of [
        'content-type',
        'content-length',
        'content-encoding',
        'etag',
        'access-control-allow-origin',
        'vary',
      ]) {
        assert.is(head.headers[name], get.headers[name], `${name} of HEAD ${path}`);
      }
    }
  }
}

http('GET bodies are exactly what fetch parses (sanity of the raw client)', async () => {
  assert.equal(JSON.parse((await raw(at('/pools?size=3'))).body.toString('utf8')), await ok(at('/pools?size=3')));
});

http.run();
