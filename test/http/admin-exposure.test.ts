import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isLoopback } from '../../src/http/admin-access.js';
import { withServer } from '../helpers/server.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const CHANGES: [string, string, string | undefined][] = [
  ['PUT', '/__mock/chaos', '{"errorRate":0.5}'],
  ['POST', '/__mock/reset', undefined],
  ['DELETE', '/__mock/requests', undefined],
  ['POST', '/__mock/market/advance', '{"steps":1}'],
  ['PATCH', '/__mock/market/tokens/So11111111111111111111111111111111111111112', '{"priceUsdc":"150"}'],
  ['POST', '/__mock/market/reset', undefined],
];
const READS = ['/__mock/health', '/__mock/chaos', '/__mock/requests', '/__mock/market', '/v2/solana/pools?size=1'];

async function send(
  origin: string,
  [method, path, body]: [string, string, string | undefined],
  token?: string,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    body,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
  return { status: response.status, body: await response.text() };
}

const hosts = suite('admin exposure: which hosts are loopback');

const LOOPBACK: [string, boolean][] = [
  ['127.0.0.1', true],
  ['127.1.2.3', true],
  ['localhost', true],
  ['::1', true],
  ['[::1]', true],
  ['0.0.0.0', false],
  ['::', false],
  ['192.168.1.5', false],
  ['example.com', false],
  ['128.0.0.1', false],
];
for (const [host, expected] of LOOPBACK) hosts(`${host} → ${expected}`, () => assert.is(isLoopback(host), expected));

hosts.run();

const exposed = suite('admin exposure: beyond loopback, changing state needs a token; reading stays open');

exposed('on 0.0.0.0 without a token: every change is a 403 naming --admin-token; reads answer 200', async () => {
  await withServer({ host: '0.0.0.0' }, async ({ origin }) => {
    for (const change of CHANGES) {
      const reply = await send(origin, change);
      assert.is(reply.status, 403, change.join(' '));
      const body = JSON.parse(reply.body) as { status: number; code: string; inner: string };
      assert.is(body.status, 403);
      assert.is(body.code, 'forbidden');
      assert.match(body.inner, /--admin-token/);
      assert.match(body.inner, /CLMM_MOCK_ADMIN_TOKEN/);
    }
    for (const path of READS) assert.is((await fetch(`${origin}${path}`)).status, 200, path);
    const chaos = (await (await fetch(`${origin}/__mock/chaos`)).json()) as { errorRate: number };
    assert.is(chaos.errorRate, 0, 'the refused PUT changed nothing');
    const market = (await (await fetch(`${origin}/__mock/market`)).json()) as { step: number; changes: unknown[] };
    assert.equal([market.step, market.changes], [0, []], 'the refused market changes changed nothing');
  });
});

exposed('on 0.0.0.0 with a token: 200/204 with it, 403 without it or with another', async () => {
  await withServer({ host: '0.0.0.0', adminToken: 'correct-horse' }, async ({ origin }) => {
    for (const change of CHANGES) {
      assert.is((await send(origin, change)).status, 403, `${change[0]} without a token`);
      assert.is((await send(origin, change, 'wrong-horse')).status, 403, `${change[0]} with another token`);
      assert.is(
        (await send(origin, change, 'correct-horse')).status,
        change[0] === 'DELETE' ? 204 : 200,
        `${change[0]} with the token`,
      );
    }
  });
});

exposed('on 127.0.0.1 without a token: unchanged, every change answers', async () => {
  await withServer({}, async ({ origin }) => {
    for (const change of CHANGES)
      assert.is((await send(origin, change)).status, change[0] === 'DELETE' ? 204 : 200, change[0]);
  });
});

exposed("health shows the snapshot's file name, not its path", async () => {
  const path = await httpSnapshot();
  await withServer({ host: '0.0.0.0' }, async ({ origin }) => {
    const health = (await (await fetch(`${origin}/__mock/health`)).json()) as { snapshot: { path: string } };
    assert.is(health.snapshot.path, path.split('/').pop());
    assert.not.match(JSON.stringify(health), path);
  });
});

exposed.run();
