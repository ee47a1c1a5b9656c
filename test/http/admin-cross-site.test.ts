import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exchange, okPage, type Answer, type Exchange } from '../helpers/http.js';
import { serve, SMALL_SERVER, withServer, type Served } from '../helpers/server.js';

// docs/admin-and-chaos.md §1.7: who may steer the mock. Requests go through node:http, which sends any Host
// and Origin, as a browser page (or a page under a rebound name) would.

const SOL = 'So11111111111111111111111111111111111111112';
const FOREIGN = ['http://localhost:5173', 'http://evil.example', 'null'];
const JSON_TYPE = { 'content-type': 'application/json' };

/** Every route that changes state, with a body that would be accepted (`pool`: a served pool's address). */
function changes(pool: string): [string, string, string | undefined][] {
  return [
    ['PUT', '/__mock/chaos', '{"errorRate":1,"errorStatus":[503]}'],
    ['POST', '/__mock/reset', undefined],
    ['DELETE', '/__mock/requests', undefined],
    ['POST', '/__mock/market/advance', '{"steps":50}'],
    ['POST', '/__mock/market/reset', undefined],
    ['PATCH', `/__mock/market/tokens/${SOL}`, '{"priceUsdc":"150"}'],
    ['PATCH', `/__mock/market/pools/${pool}`, '{"hasWarning":true}'],
    ['POST', '/__mock/market/pools', '{"tokenA":"SOL","tokenB":"USDC","tickSpacing":8}'],
    ['DELETE', `/__mock/market/pools/${pool}`, undefined],
  ];
}

async function send(port: number, ex: Exchange): Promise<Extract<Answer, { ok: true }>> {
  const answer = await exchange(port, ex, false);
  if (!answer.ok) throw new Error(`${ex.method} ${ex.path}: ${answer.error}`);
  return answer;
}

/** What a change would alter: the market, the chaos settings and the journal, as their answers' bytes. */
async function state(port: number): Promise<string[]> {
  const read = async (path: string): Promise<string> => (await send(port, { method: 'GET', path })).body.toString();
  return [await read('/__mock/market'), await read('/__mock/chaos'), await read('/__mock/requests')];
}

/** A refusal: the status, the admin API's error body with `code`, and `inner` naming `names`. */
function assertRefused(
  answer: Extract<Answer, { ok: true }>,
  status: number,
  code: string,
  names: RegExp,
  what: string,
) {
  assert.is(answer.status, status, `${what}: ${answer.body.toString().slice(0, 300)}`);
  const body = JSON.parse(answer.body.toString()) as { status: number; code: string; inner: string };
  assert.is(body.status, status, what);
  assert.is(body.code, code, what);
  assert.match(body.inner, names, what);
}

let pool = '';
const setup = async ({ url }: Served): Promise<void> => {
  pool = (await okPage(`${url}/pools?size=1`)).data[0].address;
};

const cross = suite('admin surface: a page on another origin cannot change the mock');
const crossServer = serve(cross, { ...SMALL_SERVER, setup });

cross(
  'a preflight from another origin to any change is a 403 naming --admin-origin, with no CORS headers',
  async () => {
    const { port } = crossServer.server;
    for (const [method, path] of changes(pool)) {
      for (const origin of FOREIGN) {
        const headers = {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        };
        const answer = await send(port, { method: 'OPTIONS', path, headers });
        assertRefused(answer, 403, 'forbidden', /--admin-origin/, `${origin} ${method} ${path}`);
        assert.is(answer.headers['access-control-allow-origin'], undefined, `${origin} ${method} ${path}`);
        assert.is(answer.headers['access-control-allow-methods'], undefined, `${origin} ${method} ${path}`);
      }
    }
  },
);

cross(
  'the API under /v2 still answers any origin: its preflight allows GET with Access-Control-Allow-Origin *',
  async () => {
    const headers = { origin: 'http://evil.example', 'access-control-request-method': 'GET' };
    const answer = await send(crossServer.server.port, { method: 'OPTIONS', path: '/v2/solana/pools', headers });
    assert.is(answer.status, 204);
    assert.is(answer.headers['access-control-allow-origin'], '*');
  },
);

cross(
  'simple requests from another origin (text/plain, a form, no type, JSON) are 403 and change nothing',
  async () => {
    const { port } = crossServer.server;
    await send(port, { method: 'GET', path: '/v2/solana/protocol' });
    const before = await state(port);
    const types = ['text/plain', 'application/x-www-form-urlencoded', undefined, 'application/json'];
    for (const [method, path, body] of changes(pool)) {
      for (const origin of FOREIGN) {
        for (const type of body === undefined ? [undefined] : types) {
          const headers = { origin, ...(type === undefined ? {} : { 'content-type': type }) };
          const answer = await send(port, { method, path, headers, ...(body === undefined ? {} : { body }) });
          const what = `${origin} ${method} ${path} ${type ?? 'no type'}`;
          assertRefused(answer, 403, 'forbidden', new RegExp(`Origin '${origin}'.*--admin-origin`), what);
          assert.is(answer.headers['access-control-allow-origin'], undefined, what);
        }
      }
    }
    assert.equal(await state(port), before);
  },
);

cross(
  'a body that is not said to be JSON is a 415 naming Content-Type, even without an Origin; nothing changes',
  async () => {
    const { port } = crossServer.server;
    await send(port, { method: 'GET', path: '/v2/solana/protocol' });
    const before = await state(port);
    const types = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ];
    for (const [method, path, body = '{}'] of changes(pool)) {
      for (const type of [...types, undefined]) {
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        const answer = await send(port, { method, path, headers, body });
        const what = `${method} ${path} ${type ?? 'no type'}`;
        assertRefused(answer, 415, 'invalid_parameter', /Content-Type: application\/json/, what);
        assert.is(JSON.parse(answer.body.toString()).parameter, 'content-type', what);
      }
    }
    assert.equal(await state(port), before);
  },
);

cross(
  'reads from another origin are answered without CORS headers, so its browser keeps them from the page',
  async () => {
    for (const path of ['/__mock/requests', '/__mock/health', '/__mock/market']) {
      const answer = await send(crossServer.server.port, {
        method: 'GET',
        path,
        headers: { origin: 'http://evil.example' },
      });
      assert.is(answer.status, 200, path);
      assert.is(answer.headers['access-control-allow-origin'], undefined, path);
      assert.match(String(answer.headers.vary), /Origin/, path);
    }
  },
);

cross.run();

const rebinding = suite("admin surface: a Host that is not this server's (DNS rebinding) is refused");
const rebindingServer = serve(rebinding, { ...SMALL_SERVER, setup });

rebinding(
  'every change under Host evil.example:8080 is a 403 naming --admin-host evil.example; nothing changes',
  async () => {
    const { port } = rebindingServer.server;
    const before = await state(port);
    for (const [method, path, body] of changes(pool)) {
      // The rebound page is on evil.example:8080 itself: its requests are same-origin, so no CORS stops them.
      const headers = { host: 'evil.example:8080', origin: 'http://evil.example:8080', ...JSON_TYPE };
      const answer = await send(port, { method, path, headers, ...(body === undefined ? {} : { body }) });
      assertRefused(
        answer,
        403,
        'forbidden',
        /Host 'evil\.example:8080'.*--admin-host evil\.example /,
        `${method} ${path}`,
      );
    }
    assert.equal(await state(port), before);
  },
);

rebinding(
  'reads under /__mock are refused too (the journal, health); the API and the page are still served',
  async () => {
    const { port } = rebindingServer.server;
    const host = { host: 'evil.example:8080' };
    for (const path of [
      '/__mock/requests',
      '/__mock/health',
      '/__mock/chaos',
      '/__mock/market',
      '/__mock/openapi.json',
    ])
      assertRefused(await send(port, { method: 'GET', path, headers: host }), 403, 'forbidden', /--admin-host/, path);
    for (const path of ['/v2/solana/pools?size=1', '/v2/solana/protocol', '/'])
      assert.is((await send(port, { method: 'GET', path, headers: host })).status, 200, path);
  },
);

rebinding('loopback names and addresses pass, on any port; names that only look like them do not', async () => {
  const { port } = rebindingServer.server;
  const hosts: [string, number][] = [
    [`localhost:${port}`, 200],
    ['LOCALHOST', 200],
    [`127.0.0.1:${port}`, 200],
    ['127.1.2.3:1', 200],
    ['[::1]:9999', 200],
    ['[0:0:0:0:0:0:0:1]', 200],
    ['localhost.evil.example', 403],
    ['127.0.0.1.nip.io', 403],
    ['evil.localhost', 403],
    ['128.0.0.1', 403],
    ['[::2]', 403],
    ['a b', 403],
  ];
  for (const [host, status] of hosts)
    assert.is((await send(port, { method: 'GET', path: '/__mock/chaos', headers: { host } })).status, status, host);
});

rebinding.run();

const listed = suite('admin surface: the hosts and origins a user lists, and the public URL, are let in');

listed(
  'adminHosts: a listed name on any port, and under a leading dot every name below it; others refused',
  async () => {
    await withServer({ ...SMALL_SERVER, adminHosts: ['Mock.Test', '.dev.example'] }, async ({ server }) => {
      const cases: [string, number][] = [
        ['mock.test:9000', 200],
        ['mock.test', 200],
        ['dev.example', 200],
        ['a.b.dev.example:1', 200],
        ['sub.mock.test', 403],
        ['xdev.example', 403],
        ['other.test', 403],
      ];
      for (const [host, status] of cases) {
        // The rebound or proxied page's own origin comes with it.
        const headers = { host, origin: `http://${host}`, ...JSON_TYPE };
        const answer = await send(server.port, { method: 'PUT', path: '/__mock/chaos', headers, body: '{}' });
        assert.is(answer.status, status, `${host}: ${answer.body.toString().slice(0, 200)}`);
      }
    });
  },
);

listed(
  'adminOrigins: its preflight allows the changes and names that origin; its changes answer; others refused',
  async () => {
    await withServer({ ...SMALL_SERVER, adminOrigins: ['http://localhost:5173/'] }, async ({ server }) => {
      const origin = 'http://localhost:5173';
      const asked = {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      };
      const preflight = await send(server.port, { method: 'OPTIONS', path: '/__mock/chaos', headers: asked });
      assert.is(preflight.status, 204);
      assert.is(preflight.headers['access-control-allow-origin'], origin);
      assert.equal(String(preflight.headers['access-control-allow-methods']).split(', '), [
        'GET',
        'HEAD',
        'PUT',
        'POST',
        'PATCH',
        'DELETE',
        'OPTIONS',
      ]);
      assert.is(preflight.headers['access-control-allow-headers'], 'content-type');
      assert.match(String(preflight.headers.vary), /Origin/);
      const put = await send(server.port, {
        method: 'PUT',
        path: '/__mock/chaos',
        headers: { origin, ...JSON_TYPE },
        body: '{"errorRate":0.25}',
      });
      assert.is(put.status, 200, put.body.toString());
      assert.is(put.headers['access-control-allow-origin'], origin);
      assert.is(server.chaos.describe().errorRate, 0.25);
      const other = { origin: 'http://localhost:5174', ...JSON_TYPE };
      const refused = await send(server.port, { method: 'PUT', path: '/__mock/chaos', headers: other, body: '{}' });
      assertRefused(refused, 403, 'forbidden', /--admin-origin http:\/\/localhost:5174 /, 'another port');
      assert.is(server.chaos.describe().errorRate, 0.25);
    });
  },
);

listed("the public URL's host and origin are the server's own", async () => {
  await withServer({ ...SMALL_SERVER, publicUrl: 'https://mock.example.com/base' }, async ({ server }) => {
    const headers = { host: 'mock.example.com', origin: 'https://mock.example.com', ...JSON_TYPE };
    const answer = await send(server.port, {
      method: 'POST',
      path: '/__mock/market/advance',
      headers,
      body: '{"steps":2}',
    });
    assert.is(answer.status, 200, answer.body.toString());
    assert.is(server.market.state().step, 2);
  });
});

listed('a bad entry is a TypeError naming it, before anything listens', async () => {
  const bad: ['adminHosts' | 'adminOrigins', string, RegExp][] = [
    ['adminHosts', 'mock.test:8080', /admin host .*without a port.*"mock\.test:8080"/],
    ['adminHosts', 'http://mock.test', /admin host .*"http:\/\/mock\.test"/],
    ['adminHosts', '', /admin host/],
    ['adminOrigins', 'localhost:5173', /admin origin .*"localhost:5173"/],
    ['adminOrigins', 'http://localhost:5173/app', /admin origin .*"http:\/\/localhost:5173\/app"/],
    ['adminOrigins', '*', /admin origin/],
  ];
  for (const [option, value, message] of bad) {
    let thrown: unknown;
    await withServer({ ...SMALL_SERVER, [option]: [value] }, async () => undefined).catch((error: unknown) => {
      thrown = error;
    });
    assert.instance(thrown, TypeError, `${option} ${value}`);
    assert.match((thrown as Error).message, message);
  }
});

listed.run();

const own = suite("admin surface: the server's own origin, as the landing page sends it, may change it");

own(
  'Origin http(s)://<the Host> answers, echoed in Access-Control-Allow-Origin; another loopback origin is refused',
  async () => {
    await withServer(SMALL_SERVER, async ({ server }) => {
      const { port } = server;
      const cases: [string, string, number][] = [
        [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`, 200],
        [`localhost:${port}`, `http://localhost:${port}`, 200],
        [`localhost:${port}`, `https://localhost:${port}`, 200],
        [`[::1]:${port}`, `http://[::1]:${port}`, 200],
        [`127.0.0.1:${port}`, `http://localhost:${port}`, 403],
        [`127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`, 403],
      ];
      for (const [host, origin, status] of cases) {
        const headers = { host, origin, ...JSON_TYPE };
        const answer = await send(port, { method: 'PUT', path: '/__mock/chaos', headers, body: '{"errorRate":0}' });
        assert.is(answer.status, status, `${host} ${origin}: ${answer.body.toString().slice(0, 200)}`);
        assert.is(
          answer.headers['access-control-allow-origin'],
          status === 200 ? origin : undefined,
          `${host} ${origin}`,
        );
      }
      const json = { 'content-type': 'Application/JSON; charset=utf-8' };
      const typed = await send(port, { method: 'POST', path: '/__mock/market/advance', headers: json, body: '{}' });
      assert.is(typed.status, 200, 'a media type is matched without regard to case, with parameters');
    });
  },
);

own.run();

const token = suite('admin surface: a request carrying the admin token passes the Host and Origin rules');

token(
  'with --admin-token on loopback: the token passes any Host and Origin; without it, refused; bodies stay JSON',
  async () => {
    await withServer({ ...SMALL_SERVER, adminToken: 'correct-horse' }, async ({ server }) => {
      const { port } = server;
      const elsewhere = { host: 'evil.example', origin: 'http://evil.example' };
      const withToken = { ...elsewhere, authorization: 'Bearer correct-horse' };
      const put = (headers: Record<string, string>): Promise<Extract<Answer, { ok: true }>> =>
        send(port, { method: 'PUT', path: '/__mock/chaos', headers, body: '{"errorRate":0.5}' });
      assert.is((await put({ ...withToken, ...JSON_TYPE })).status, 200);
      assert.is(server.chaos.describe().errorRate, 0.5);
      assert.is((await send(port, { method: 'GET', path: '/__mock/requests', headers: withToken })).status, 200);
      assertRefused(
        await put({ ...elsewhere, ...JSON_TYPE }),
        403,
        'forbidden',
        /--admin-host.*or send Authorization: Bearer/,
        'no token',
      );
      assertRefused(
        await send(port, { method: 'GET', path: '/__mock/requests', headers: elsewhere }),
        403,
        'forbidden',
        /--admin-host/,
        'a read',
      );
      assertRefused(
        await put({ ...withToken, 'content-type': 'text/plain' }),
        415,
        'invalid_parameter',
        /application\/json/,
        'text',
      );
    });
  },
);

token('beyond loopback the network names the machine as it likes: reads answer any Host', async () => {
  await withServer({ ...SMALL_SERVER, host: '0.0.0.0', adminToken: 'correct-horse' }, async ({ server }) => {
    const headers = { host: `my-laptop.lan:${server.port}` };
    assert.is((await send(server.port, { method: 'GET', path: '/__mock/health', headers })).status, 200);
  });
});

token.run();
