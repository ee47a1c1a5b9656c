import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApi } from '../../src/openapi/build-openapi.js';
import type { JsonSchema, Ref, ResponseObject } from '../../src/openapi/openapi-types.js';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { UPSTREAM_SHAPE, type KeyShape } from '../helpers/wire-shape.js';

// The live dialect's document states what fixtures/upstream-shape.json states (docs/api.md §9): for
// every kind of object, the same keys in the same order, the same required keys, the same JSON types
// (null included) and the same kinds inside. Read from the published document, $refs resolved, and
// reached from the routes' answers, so a schema no route uses proves nothing.

const DOC = buildOpenApi({ wire: 'upstream' });

/** A schema with its `$ref` (to components.schemas) resolved. */
function resolved(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref as string | undefined;
  return ref === undefined ? schema : resolved(DOC.components.schemas[ref.split('/').pop()!]!);
}

/** The JSON types a schema allows, as the fixture names them (`integer` is a JSON number). */
function jsonTypes(schema: JsonSchema): string[] {
  const s = resolved(schema);
  if (Array.isArray(s.anyOf)) return [...new Set((s.anyOf as JsonSchema[]).flatMap(jsonTypes))].sort();
  return [s.type === 'integer' ? 'number' : String(s.type)];
}

/** The branch of a nullable schema that is not null, or the schema itself. */
function nonNull(schema: JsonSchema): JsonSchema {
  const s = resolved(schema);
  if (!Array.isArray(s.anyOf)) return s;
  return resolved((s.anyOf as JsonSchema[]).find((branch) => resolved(branch).type !== 'null')!);
}

/** How the document's `schema` differs from the fixture's `kind`, through every kind inside it. */
function differences(kind: string, schema: JsonSchema, at = kind): string[] {
  const shape = UPSTREAM_SHAPE[kind];
  const s = resolved(schema);
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = (s.required ?? []) as string[];
  if (shape !== undefined && typeof shape === 'object' && 'keysFrom' in shape) {
    const problems = Object.keys(properties).join() === PERIOD_NAMES.join() ? [] : [`${at}: keys are not the periods`];
    if (required.length > 0) problems.push(`${at}: periods ${required.join()} required`);
    return [...problems, ...PERIOD_NAMES.flatMap((p) => differences(shape.value, properties[p]!, `${at}.${p}`))];
  }
  if (!Array.isArray(shape)) return [`${at}: no kind ${kind} in the fixture`];
  const keys = shape as KeyShape[];
  const problems: string[] = [];
  if (Object.keys(properties).join() !== keys.map((k) => k.key).join())
    problems.push(`${at}: keys ${Object.keys(properties).join()}, fixture ${keys.map((k) => k.key).join()}`);
  if (s.additionalProperties !== false) problems.push(`${at}: open to other keys`);
  const mustHave = keys.filter((k) => k.optional !== true).map((k) => k.key);
  if (required.join() !== mustHave.join()) problems.push(`${at}: requires ${required.join()}, fixture ${mustHave}`);
  return [...problems, ...keys.flatMap((k) => (k.key in properties ? keyDifferences(k, properties[k.key]!, at) : []))];
}

function keyDifferences(k: KeyShape, schema: JsonSchema, at: string): string[] {
  const where = `${at}.${k.key}`;
  const types = jsonTypes(schema);
  if (types.join() !== [...k.types].sort().join()) return [`${where}: types ${types}, fixture ${k.types}`];
  const value = nonNull(schema);
  if (k.items !== undefined) {
    const items = jsonTypes(value.items as JsonSchema);
    return items.join() === k.items ? [] : [`${where}[]: ${items}, fixture ${k.items}`];
  }
  if (k.shape === undefined) return [];
  return differences(k.shape, value.type === 'array' ? (value.items as JsonSchema) : value, where);
}

/** The schema of a route's 200 body (or of another status's), as the document publishes it. */
function body(path: string, status = '200'): JsonSchema {
  let response = DOC.paths[path]!.get!.responses[status]! as ResponseObject | Ref;
  if ('$ref' in response) response = DOC.components.responses[response.$ref.split('/').pop()!]!;
  return (response as ResponseObject).content!['application/json']!.schema;
}

const props = (schema: JsonSchema): Record<string, JsonSchema> =>
  resolved(schema).properties as Record<string, JsonSchema>;

const shape = suite("Live dialect's schemas: exactly fixtures/upstream-shape.json (keys, order, types)");

shape('pool list items and their envelope, with everything inside them', () => {
  assert.equal(differences('listEnvelope', body('/pools')), []);
  assert.equal(differences('poolListItem', props(body('/pools')).data!.items as JsonSchema), []);
  assert.equal(differences('poolListItem', props(body('/pools/search')).data!.items as JsonSchema), []);
});

shape("a pool's detail, its single-object envelope and its lock entries", () => {
  assert.equal(differences('objectEnvelope', body('/pools/{address}')), []);
  assert.equal(differences('poolDetail', props(body('/pools/{address}')).data!), []);
  assert.equal(differences('lockEntry', body('/lock/{address}').items as JsonSchema), []);
});

shape('tokens, listed, searched and alone', () => {
  assert.equal(differences('token', props(body('/tokens')).data!.items as JsonSchema), []);
  assert.equal(differences('token', props(body('/tokens/search')).data!.items as JsonSchema), []);
  assert.equal(differences('objectEnvelope', body('/tokens/{mint_address}')), []);
  assert.equal(differences('token', props(body('/tokens/{mint_address}')).data!), []);
});

shape('the protocol endpoints, bare, and the error body of every error answer', () => {
  assert.equal(differences('protocol', body('/protocol')), []);
  assert.equal(differences('exchangeToken', body('/protocol/token')), []);
  assert.equal(differences('circulatingSupply', body('/protocol/token/circulating_supply')), []);
  assert.equal(differences('totalSupply', body('/protocol/token/total_supply')), []);
  for (const status of ['400', '404', '405', '429', 'default'])
    assert.equal(differences('error', body('/pools/{address}', status)), [], status);
});

shape('the check bites: a key out of order, a key not required, a type too wide', () => {
  const pool = structuredClone(resolved(props(body('/pools')).data!.items as JsonSchema));
  const { tickSpacing, ...rest } = pool.properties as Record<string, JsonSchema>;
  assert.ok(differences('poolListItem', { ...pool, properties: { ...rest, tickSpacing } })[0]!.includes('keys'));
  const required = (pool.required as string[]).filter((key) => key !== 'price');
  assert.ok(differences('poolListItem', { ...pool, required })[0]!.includes('requires'));
  const nullable = { anyOf: [{ type: 'string' }, { type: 'null' }] };
  const wide = { ...pool, properties: { ...pool.properties!, price: nullable } };
  assert.ok(differences('poolListItem', wide).some((d) => d.includes('price')));
});

shape.run();
