import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApi, type OpenApiDocument } from '../../src/openapi/build-openapi.js';
import { WIRES } from '../../src/snapshot/format/wire.js';
import { runCli } from '../helpers/cli.js';
import { ok, raw } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { tempDir } from '../helpers/snapshots.js';

/** Validates with a standard OpenAPI validator; the errors in the message otherwise. */
async function assertValid(doc: unknown, what: string): Promise<void> {
  const result = await new Validator().validate(doc as Record<string, unknown>);
  assert.ok(result.valid, `${what} is not a valid OpenAPI document: ${JSON.stringify(result.errors, null, 2)}`);
}

// Listed here from docs/api.md §1.2, §3–§4 and docs/admin-and-chaos.md §1, independently of the code.
const API_PATHS = [
  '/tokens',
  '/tokens/search',
  '/tokens/{mint_address}',
  '/pools',
  '/pools/search',
  '/pools/{address}',
  '/lock/{address}',
  '/protocol',
  '/protocol/token',
  '/protocol/token/circulating_supply',
  '/protocol/token/total_supply',
];
const ADMIN_PATHS = [
  '/__mock/health',
  '/__mock/chaos',
  '/__mock/reset',
  '/__mock/requests',
  '/__mock/openapi.json',
  // docs/market-moves.md §3
  '/__mock/market',
  '/__mock/market/advance',
  '/__mock/market/reset',
  '/__mock/market/tokens/{mint}',
  '/__mock/market/pools',
  '/__mock/market/pools/{address}',
  '/__mock/market/clock',
];
const PAGING = ['next', 'after', 'previous', 'size', 'limit'];
const POOL_FILTERS = [
  'sortBy',
  'sortDirection',
  'stats',
  'includeBlocked',
  'hasRewards',
  'minTvl',
  'minVolume',
  'whirlpoolConfigs',
  'categories',
];
const PARAMETERS: Record<string, string[]> = {
  '/tokens': ['sort_by', 'sort_direction', 'tokens', 'categories', ...PAGING],
  '/tokens/search': ['q', ...PAGING],
  '/tokens/{mint_address}': ['mint_address'],
  '/pools': [
    ...POOL_FILTERS,
    'hasWarning',
    'hasAdaptiveFee',
    'isLaunchPool',
    'minLockedLiquidityPercent',
    'token',
    'tokensBothOf',
    'addresses',
    'isWavebreak',
    'pairInsightsWindow',
    ...PAGING,
  ],
  '/pools/search': [...POOL_FILTERS, 'q', 'userTokens', 'verifiedOnly', 'hasLockedLiquidity', ...PAGING],
  '/pools/{address}': ['address', 'stats', 'pairInsightsWindow'],
  '/lock/{address}': ['address'],
  '/protocol': [],
  '/protocol/token': [],
  '/protocol/token/circulating_supply': [],
  '/protocol/token/total_supply': [],
};

const built = suite('OpenAPI document: built by buildOpenApi, in each dialect');

built('validates as OpenAPI 3.1, with a relative and with an absolute server URL', async () => {
  for (const wire of WIRES) {
    const doc = buildOpenApi({ wire });
    assert.is(doc.openapi, '3.1.0');
    await assertValid(doc, `buildOpenApi({ wire: '${wire}' })`);
    const absolute = buildOpenApi({ serverUrl: 'https://mock.example.com/v2/solana', wire });
    await assertValid(absolute, `buildOpenApi({ serverUrl, wire: '${wire}' })`);
  }
});

built('the spec dialect is the default; the title names the live dialect', () => {
  assert.equal(buildOpenApi(), buildOpenApi({ wire: 'spec' }));
  assert.equal(
    buildOpenApi({ serverUrl: 'http://x:1/v2/solana' }),
    buildOpenApi({ serverUrl: 'http://x:1/v2/solana', wire: 'spec' }),
  );
  const upstream = buildOpenApi({ wire: 'upstream' }).info;
  assert.match(upstream.title, "the live API's dialect (--wire upstream)");
  assert.match(upstream.description, '`next=<meta.cursor.next>`');
  assert.not.match(buildOpenApi().info.title, 'upstream');
});

built('has every docs/api.md §1.2 path under /v2/solana, then the admin paths on the bare origin', () => {
  for (const wire of WIRES) {
    const doc = buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana', wire });
    assert.equal(Object.keys(doc.paths), [...API_PATHS, ...ADMIN_PATHS], wire);
    assert.equal(
      doc.servers.map((s) => s.url),
      ['http://127.0.0.1:8080/v2/solana'],
    );
    for (const path of ADMIN_PATHS)
      assert.equal(
        doc.paths[path]!.servers?.map((s) => s.url),
        ['http://127.0.0.1:8080'],
        path,
      );
    for (const path of API_PATHS) assert.equal(Object.keys(doc.paths[path]!), ['get'], path);
    assert.equal(Object.keys(doc.paths['/__mock/chaos']!), ['servers', 'get', 'put']);
    assert.equal(Object.keys(doc.paths['/__mock/requests']!), ['servers', 'get', 'delete']);
    assert.equal(Object.keys(doc.paths['/__mock/market/pools/{address}']!), ['servers', 'patch', 'delete']);
  }
});

built('names exactly the parameters the API accepts on each endpoint, the same in both dialects', () => {
  for (const wire of WIRES) {
    const doc = buildOpenApi({ wire });
    for (const [path, names] of Object.entries(PARAMETERS)) {
      assert.equal((doc.paths[path]!.get!.parameters ?? []).map((p) => p.name).sort(), [...names].sort(), path);
    }
    const aliases = doc.paths['/pools']!.get!.parameters!.filter((p) => p.deprecated).map((p) => p.name);
    assert.equal(aliases, ['after', 'limit']);
  }
  // The same parameters, schemas and defaults; the cursors' descriptions say where each dialect's pages hold them.
  const parameters = (doc: OpenApiDocument) =>
    API_PATHS.map((path) => (doc.paths[path]!.get!.parameters ?? []).map(({ description, ...rest }) => rest));
  assert.equal(parameters(buildOpenApi({ wire: 'upstream' })), parameters(buildOpenApi()));
  const next = (doc: OpenApiDocument) => doc.paths['/pools']!.get!.parameters!.find((p) => p.name === 'next')!;
  assert.match(next(buildOpenApi()).description, 'The `meta.next` cursor');
  assert.match(next(buildOpenApi({ wire: 'upstream' })).description, 'The `meta.cursor.next` cursor');
});

built('states defaults and page sizes as docs/api.md §3.2–§3.3 fix them', () => {
  const doc = buildOpenApi();
  const param = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema;
  assert.equal(param('/pools', 'size'), { minimum: 1, maximum: 1000, default: 50, type: 'integer' });
  assert.equal(param('/pools/search', 'size'), { minimum: 1, maximum: 1000, default: 100, type: 'integer' });
  assert.equal(param('/tokens', 'size'), { minimum: 1, maximum: 3000, default: 50, type: 'integer' });
  assert.equal(param('/tokens/search', 'size'), { minimum: 1, maximum: 3000, default: 50, type: 'integer' });
  assert.is(param('/pools', 'sortBy').default, 'volume24h');
  assert.is(param('/pools/search', 'sortBy').default, 'tvl');
  assert.is(param('/pools', 'sortDirection').default, 'desc');
  assert.is(param('/tokens', 'sort_by').default, 'mint_id');
  assert.equal(param('/tokens', 'sort_by').enum, ['address', 'mint_id', 'volume_24h']);
  assert.is(param('/pools', 'hasRewards').default, false);
  assert.is(param('/pools', 'minTvl').default, undefined);
});

built("describes the live API's newer pool parameters by what the mock does with them", () => {
  const doc = buildOpenApi();
  const param = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!;
  for (const path of ['/pools', '/pools/search']) {
    assert.match(param(path, 'whirlpoolConfigs').description, /`poolsConfig`.*empty means no filter/);
    assert.match(param(path, 'categories').description, /^Only pools where at least one token has one .*stablecoin/);
    assert.match(param(path, 'categories').schema.pattern as string, /\[lL\]\[iI\]\[qQ\]/);
  }
  assert.match(
    param('/pools', 'pairInsightsWindow').description,
    /^The live dialect adds `pairMetrics`.*refuses a bad value/,
  );
  assert.match(param('/pools', 'isWavebreak').description, /name for `isLaunchPool`.*must agree/);
  assert.equal(param('/pools', 'isWavebreak').schema, param('/pools', 'isLaunchPool').schema);
  assert.is(param('/pools', 'isWavebreak').deprecated, undefined);
});

built('answers errors with the error body and its code enum; the lock endpoint with a bare array', () => {
  const doc = buildOpenApi();
  const codes = (doc.components.schemas.ErrorBody!.properties as Record<string, { enum: string[] }>).code!.enum;
  assert.equal(codes, [
    'invalid_parameter',
    'invalid_cursor',
    'invalid_address',
    'not_found',
    'unknown_chain',
    'method_not_allowed',
    'rate_limited',
    'injected_fault',
    'internal',
    'forbidden',
  ]);
  assert.equal(Object.keys(doc.paths['/pools/{address}']!.get!.responses), [
    '200',
    '304',
    '400',
    '404',
    '405',
    '429',
    'default',
  ]);
  assert.equal(Object.keys(doc.paths['/pools']!.get!.responses), ['200', '304', '400', '405', '429', 'default']);
  const lock = doc.paths['/lock/{address}']!.get!.responses['200'] as { content: Record<string, { schema: unknown }> };
  assert.equal(lock.content['application/json']!.schema, {
    type: 'array',
    items: { $ref: '#/components/schemas/LockEntry' },
  });
  assert.equal(Object.keys(doc.components.headers), [
    'ETag',
    'Retry-After',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'X-Mock-Market-Step',
    'X-Mock-Ignored-Params',
    'Allow',
  ]);
});

built('is deterministic: two builds are deep-equal and the same JSON text', () => {
  for (const wire of WIRES) {
    const [a, b] = [
      buildOpenApi({ serverUrl: 'http://x:1/v2/solana', wire }),
      buildOpenApi({ serverUrl: 'http://x:1/v2/solana', wire }),
    ];
    assert.equal(a, b);
    assert.is(JSON.stringify(a), JSON.stringify(b));
  }
});

built.run();

const served = suite('OpenAPI document: GET /__mock/openapi.json');
const server = serve(served);

served("is valid, and names the server's own URL; the admin paths its origin", async () => {
  const doc = (await ok(`${server.origin}/__mock/openapi.json`)) as OpenApiDocument;
  await assertValid(doc, 'the served document');
  assert.is(doc.servers[0]!.url, server.url);
  assert.is(doc.paths['/__mock/health']!.servers![0]!.url, server.origin);
  assert.equal(doc, JSON.parse(JSON.stringify(buildOpenApi({ serverUrl: server.url }))));
});

served('names the origin the client used (Host), not a fixed one', async () => {
  const reply = await raw(`${server.origin}/__mock/openapi.json`, {
    headers: { host: `localhost:${server.server.port}` },
  });
  assert.is(reply.status, 200);
  const doc = JSON.parse(reply.body.toString('utf8')) as OpenApiDocument;
  assert.is(doc.servers[0]!.url, `http://localhost:${server.server.port}/v2/solana`);
});

served.run();

const servedUpstream = suite("OpenAPI document: GET /__mock/openapi.json of a server speaking the live API's dialect");
const upstream = serve(servedUpstream, { wire: 'upstream' });

servedUpstream("is the live dialect's document, valid, naming the server's own URL", async () => {
  const doc = (await ok(`${upstream.origin}/__mock/openapi.json`)) as OpenApiDocument;
  await assertValid(doc, 'the served live-dialect document');
  assert.is(doc.servers[0]!.url, upstream.url);
  assert.equal(doc, JSON.parse(JSON.stringify(buildOpenApi({ serverUrl: upstream.url, wire: 'upstream' }))));
});

servedUpstream.run();

const written = suite('OpenAPI document: written by clmm-mock openapi and the build');

written("the CLI's file and the packaged dist/openapi.json are valid and equal the built document", async () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'openapi.json');
    const result = runCli(['openapi', '--out', out, '--server-url', 'http://127.0.0.1:9000/v2/solana']);
    assert.is(result.code, 0, result.stderr);
    const doc: unknown = JSON.parse(readFileSync(out, 'utf8'));
    await assertValid(doc, out);
    assert.equal(doc, JSON.parse(JSON.stringify(buildOpenApi({ serverUrl: 'http://127.0.0.1:9000/v2/solana' }))));
    const packaged: unknown = JSON.parse(readFileSync(new URL('../../dist/openapi.json', import.meta.url), 'utf8'));
    await assertValid(packaged, 'dist/openapi.json');
    assert.equal(packaged, JSON.parse(JSON.stringify(buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana' }))));
  } finally {
    remove();
  }
});

written.run();
