import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { at, capture } from '../helpers/captures.js';
import type { Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';

/**
 * Every upstream-dialect answer validates against the live API's own published OpenAPI document, except
 * where the live bodies contradict the document: there the capture settles it, and the mock sends what
 * the live API sends. Each such point is listed below with the capture that settles it, and checked:
 * the captured value fails the documented schema and passes the one the mock follows.
 */
const published = suite("upstream dialect: every answer validates against the live API's published document");
const served = serve(published, { snapshot: () => snapshotFor(42, 2000, 500), wire: 'upstream' });

const TOKEN = (key: string): string[][] => [
  ['components', 'schemas', 'UtoipaApiResponse_PublicToken', 'properties', 'data', 'properties', key],
  ['components', 'schemas', 'UtoipaApiResponse_Vec_PublicToken', 'properties', 'data', 'items', 'properties', key],
];
const WHIRLPOOL = (key: string): string[][] => [['components', 'schemas', 'Whirlpool', 'properties', key]];
const STRING_OR_NULL = { type: ['string', 'null'] };

/** Where the document and the live bodies disagree: the schema the live bodies follow, and the capture. */
const CONTRADICTIONS: { at: string[][]; sent: object; capture: string; path: (string | number)[] }[] = [
  {
    at: WHIRLPOOL('whirlpoolBump'),
    sent: { type: 'array' },
    capture: 'pool-CeaZ.json',
    path: ['data', 'whirlpoolBump'],
  },
  {
    at: WHIRLPOOL('tickSpacingSeed'),
    sent: { type: 'array' },
    capture: 'pool-CeaZ.json',
    path: ['data', 'tickSpacingSeed'],
  },
  {
    at: WHIRLPOOL('writeVersion'),
    sent: { type: 'integer' },
    capture: 'pool-CeaZ.json',
    path: ['data', 'writeVersion'],
  },
  { at: WHIRLPOOL('tokenVaultA'), sent: { type: 'string' }, capture: 'pool-CeaZ.json', path: ['data', 'tokenVaultA'] },
  {
    // The pool schema's second half is written out three times: on its own, and inside both envelopes.
    at: [
      ['components', 'schemas', 'PublicWhirlpool', 'allOf', '1'],
      ['components', 'schemas', 'UtoipaApiResponse_PublicWhirlpool', 'properties', 'data', 'allOf', '1'],
      ['components', 'schemas', 'UtoipaApiResponse_Vec_PublicWhirlpool', 'properties', 'data', 'items', 'allOf', '1'],
    ].map((place) => [...place, 'properties', 'addressLookupTable']),
    sent: STRING_OR_NULL,
    capture: 'pool-CeaZ.json',
    path: ['data', 'addressLookupTable'],
  },
  {
    at: [['components', 'schemas', 'PublicToken', 'properties', 'tags']],
    sent: { type: 'array', items: { type: 'string' } },
    capture: 'pools-list-data.json',
    path: [0, 'tokenA', 'tags'],
  },
  { at: TOKEN('extensions'), sent: { type: 'object' }, capture: 'token-SOL.json', path: ['data', 'extensions'] },
  { at: TOKEN('mintAuthority'), sent: STRING_OR_NULL, capture: 'token-SOL.json', path: ['data', 'mintAuthority'] },
  { at: TOKEN('freezeAuthority'), sent: STRING_OR_NULL, capture: 'token-SOL.json', path: ['data', 'freezeAuthority'] },
  { at: TOKEN('metadata'), sent: { type: 'object' }, capture: 'token-SOL.json', path: ['data', 'metadata'] },
  { at: TOKEN('priceUsdc'), sent: { type: 'string' }, capture: 'token-SOL.json', path: ['data', 'priceUsdc'] },
  { at: TOKEN('stats'), sent: { type: 'object' }, capture: 'token-SOL.json', path: ['data', 'stats'] },
  { at: TOKEN('tags'), sent: { type: 'array' }, capture: 'token-SOL.json', path: ['data', 'tags'] },
];

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
const document = capture('openapi.json') as Json;
const corrected = structuredClone(document);
for (const { at: places, sent } of CONTRADICTIONS)
  for (const place of places) (at(corrected, place.slice(0, -1)) as Json)[place.at(-1)!] = sent;
ajv.addSchema({ ...corrected, $id: 'live' });
/** The document as published, to show that each listed capture value fails it. */
const asDocumented = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false }).addSchema({
  ...document,
  $id: 'documented',
});

published('each listed point is one where the capture contradicts the document', () => {
  for (const { at: places, sent, capture: file, path } of CONTRADICTIONS) {
    const value = at(capture(file), path);
    const documented = at(document, places[0]!);
    const fails = asDocumented.compile({ $ref: `documented#/${places[0]!.join('/')}` });
    assert.not.ok(fails(value), `${file} ${path.join('.')} fits the documented ${JSON.stringify(documented)}`);
    assert.ok(ajv.compile(sent)(value), `${file} ${path.join('.')} does not fit ${JSON.stringify(sent)}`);
  }
});

const validators = new Map<string, ValidateFunction>();
/** The validator of a path's 200 body (or another status's) in the corrected document, compiled once. */
function bodyOf(template: string, status = 200): ValidateFunction {
  const ref = `live#/paths/${template.replace(/\//g, '~1')}/get/responses/${status}/content/application~1json/schema`;
  if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: ref }));
  return validators.get(ref)!;
}

async function expectValid(template: string, path: string, status = 200): Promise<Json> {
  const response = await fetch(`${served.url}${path}`);
  const body: Json = await response.json();
  assert.is(response.status, status, path);
  const validate = bodyOf(template, status);
  assert.ok(validate(body), `${path}: ${JSON.stringify(validate.errors).slice(0, 500)}`);
  return body;
}

published('every pool listed, every detail and lock, every token, the protocol bodies and an error', async () => {
  const pools: Json[] = [];
  for (let path: string | null = '/pools?size=1000&includeBlocked=true'; path !== null;) {
    const page = await expectValid('/pools', path);
    pools.push(...(page.data as Json[]));
    path = page.meta.cursor.next === null ? null : `/pools?next=${encodeURIComponent(page.meta.cursor.next)}`;
  }
  assert.is(pools.length, 2000);
  for (const { address } of pools) {
    await expectValid('/pools/{address}', `/pools/${address as string}`);
    await expectValid('/lock/{address}', `/lock/${address as string}`);
  }
  await expectValid('/pools/search', '/pools/search?q=SOL&size=100');
  const tokens = await expectValid('/tokens', '/tokens?size=3000');
  for (const { address } of (tokens.data as Json[]).slice(0, 100))
    await expectValid('/tokens/{mint_address}', `/tokens/${address as string}`);
  await expectValid('/tokens/search', '/tokens/search?q=so');
  for (const path of [
    '/protocol',
    '/protocol/token',
    '/protocol/token/circulating_supply',
    '/protocol/token/total_supply',
  ])
    await expectValid(path, path);
  // The live document's `q` is optional: a search without it is a page of every token.
  await expectValid('/tokens/search', '/tokens/search?q=');
  await expectValid('/pools/search', '/pools/search?minTvl=1000&size=50');
  await expectValid('/tokens/search', '/tokens/search?q=so&size=3001', 400);
});

published.run();
