import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ignoredHeader, ignoredParams } from '../../src/api/params/ignored-params.js';
import { ROUTES } from '../../src/api/routes.js';
import { call, ok, okPage } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const named = suite('HTTP: unknown query parameters are ignored, and named beside the same body');
const served = serve(named);

const HEADER = 'x-mock-ignored-params';

named('a near miss is named with what it likely means; the body is the one without it, byte for byte', async () => {
  const { url } = served;
  const cases: [string, string, string][] = [
    ['/pools?sort_by=tvl', '/pools', 'sort_by (did you mean sortBy?)'],
    ['/pools?sortBy=tvl&sort_direction=asc', '/pools?sortBy=tvl', 'sort_direction (did you mean sortDirection?)'],
    ['/tokens?sortBy=volume_24h&foo=1', '/tokens', 'sortBy (did you mean sort_by?), foo'],
    ['/tokens/search?q=usd&sizes=2', '/tokens/search?q=usd', 'sizes (did you mean size?)'],
    ['/protocol?x=1', '/protocol', 'x'],
    ['/pools?%E6%97%A5%E6%9C%AC=1&a%2Cb=2', '/pools', '%E6%97%A5%E6%9C%AC, a%2Cb'],
  ];
  for (const [asked, plain, header] of cases) {
    const reply = await call(`${url}${asked}`);
    assert.is(reply.status, 200, `${asked}: ${reply.text.slice(0, 200)}`);
    assert.is(reply.headers.get(HEADER), header, asked);
    assert.is(reply.text, (await call(`${url}${plain}`)).text, `${asked} answers ${plain}'s body`);
  }
  const pool = (await okPage(`${url}/pools?size=1`)).data[0].address as string;
  const detail = await call(`${url}/pools/${pool}?stats=24h&statz=7d`);
  assert.is(detail.headers.get(HEADER), 'statz (did you mean stats?)');
  assert.is(detail.text, (await call(`${url}/pools/${pool}?stats=24h`)).text);
});

named('what a route takes, accepts on purpose or the chaos layer reads is not named', async () => {
  const { url } = served;
  for (const asked of [
    '/pools?sortBy=tvl&size=2&stats=24h&isWavebreak=false',
    '/pools?categories=stablecoin&pairInsightsWindow=7d&limit=3',
    '/tokens?sort_by=volume_24h&sort_direction=desc&tokens=So11111111111111111111111111111111111111112',
    '/pools?__delay=0&__status=200',
    '/protocol',
  ]) {
    const reply = await call(`${url}${asked}`);
    assert.is(reply.status, 200, asked);
    assert.is(reply.headers.get(HEADER), null, asked);
  }
});

named(
  'the header is exposed to scripts, comes with a cached answer and a 304, and never sticks to another URL',
  async () => {
    const { url } = served;
    const asked = `${url}/pools?size=3&sort_by=tvl`;
    const first = await call(asked);
    assert.match(first.headers.get('access-control-expose-headers') ?? '', /\bX-Mock-Ignored-Params\b/);
    const again = await call(asked);
    const third = await call(asked);
    for (const reply of [again, third]) {
      assert.is(reply.headers.get(HEADER), 'sort_by (did you mean sortBy?)');
      assert.is(reply.text, first.text);
      assert.is(reply.headers.get('etag'), first.headers.get('etag'));
    }
    const notModified = await call(asked, { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.is(notModified.status, 304);
    assert.is(notModified.headers.get(HEADER), 'sort_by (did you mean sortBy?)');
    const plain = await call(`${url}/pools?size=3`);
    assert.is(plain.headers.get(HEADER), null);
    assert.is(plain.text, first.text);
    // An error answer names them too: the parameter at fault was read, the other one ignored.
    const refused = await call(`${url}/pools?size=0&sort_by=tvl`);
    assert.is(refused.status, 400);
    assert.is(refused.headers.get(HEADER), 'sort_by (did you mean sortBy?)');
  },
);

named("the journal's entries name what was ignored", async () => {
  const { url, origin } = served;
  await call(`${origin}/__mock/requests`, { method: 'DELETE' });
  await call(`${url}/tokens?sortBy=volume_24h&foo=1&foo=2`);
  await call(`${url}/tokens?sort_by=volume_24h`);
  const entries = (await ok(`${origin}/__mock/requests`)).data as { url: string; ignored: string[] }[];
  assert.equal(
    entries.map((e) => [e.url, e.ignored]),
    [
      ['/v2/solana/tokens?sortBy=volume_24h&foo=1&foo=2', ['sortBy', 'foo']],
      ['/v2/solana/tokens?sort_by=volume_24h', []],
    ],
  );
});

named.run();

const nearMisses = suite('ignored parameters: the parameter a near miss likely means');

const doc = (path: string) => ROUTES.find((r) => r.path === path)!.doc;

nearMisses('each query names its unknown parameters, in order sent, with their likely meaning', () => {
  const cases: [string, string, string][] = [
    ['/pools', 'SortBy=tvl', 'SortBy (did you mean sortBy?)'],
    ['/pools', 'sort-direction=asc', 'sort-direction (did you mean sortDirection?)'],
    ['/pools', 'mintvl=5', 'mintvl (did you mean minTvl?)'],
    ['/pools', 'minTvll=5&hasReward=true', 'minTvll (did you mean minTvl?), hasReward (did you mean hasRewards?)'],
    ['/pools', 'tokn=x', 'tokn (did you mean token?)'],
    ['/pools', 'q=sol', 'q'],
    ['/pools/search', 'q=sol&userToken=x', 'userToken (did you mean userTokens?)'],
    ['/pools', 'xyzzy=1&xyzzy=2&b=1', 'xyzzy, b'],
    ['/tokens', 'sortby=address', 'sortby (did you mean sort_by?)'],
    ['/tokens', 'after=&next=', ''],
    ['/lock/:address', 'stats=24h', 'stats'],
  ];
  for (const [path, query, header] of cases) {
    assert.is(ignoredHeader(ignoredParams(doc(path))(query)), header, `${path}?${query}`);
  }
});

nearMisses.run();
