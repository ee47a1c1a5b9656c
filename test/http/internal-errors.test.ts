import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const reported = suite('a bug is answered 500 internal and reported through onError, whatever the route reads');

const INTERNAL = {
  status: 500,
  inner: 'internal error: this is a bug in clmm-mock, please report it',
  code: 'internal',
};

/** A server whose market throws `Error('boom: <name>')` from its methods; what reached onError. */
async function withBrokenMarket(body: (origin: string, seen: unknown[]) => Promise<void>): Promise<void> {
  const seen: unknown[] = [];
  await withServer({ ...SMALL_SERVER, onError: (error) => seen.push(error) }, async ({ server, origin }) => {
    const market = server.market as unknown as Record<string, unknown>;
    for (const name of ['advance', 'state'])
      market[name] = () => {
        throw new Error(`boom: ${name}`);
      };
    await body(origin, seen);
  });
}

/** Routes whose market method throws: what each route reads, and the method it calls. */
const BROKEN_ROUTES = [
  { name: 'a GET route (no body)', path: '/__mock/market', init: {}, method: 'state' },
  {
    name: 'a POST route that read its body',
    path: '/__mock/market/advance',
    init: { method: 'POST', body: '{"steps":1}', headers: { 'content-type': 'application/json' } },
    method: 'advance',
  },
];

for (const route of BROKEN_ROUTES)
  reported(`${route.name}: 500 internal, the error reported once`, async () => {
    await withBrokenMarket(async (origin, seen) => {
      const answer = await fetch(`${origin}${route.path}`, route.init);
      assert.is(answer.status, 500);
      assert.equal(await answer.json(), INTERNAL);
      assert.equal(
        seen.map((e) => (e as Error).message),
        [`boom: ${route.method}`],
      );
    });
  });

reported("a client's mistake is answered 400 and not reported", async () => {
  await withBrokenMarket(async (origin, seen) => {
    const answer = await fetch(`${origin}/__mock/market/advance`, {
      method: 'POST',
      body: '{"steps":1,"step":2}',
      headers: { 'content-type': 'application/json' },
    });
    assert.is(answer.status, 400);
    assert.is(((await answer.json()) as { code: string }).code, 'invalid_parameter');
    assert.equal(seen, []);
  });
});

reported.run();
