import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { API_BASE, buildOpenApi, type OpenApiDocument } from '../../src/openapi/build-openapi.js';
import type { ResponseObject, Ref } from '../../src/openapi/openapi-types.js';
import type { Wire } from '../../src/snapshot/format/wire.js';

// Every JSON body the contract suites receive from the API is checked against the OpenAPI document of
// the dialect the server speaks, so neither document can drift from what the server sends.

// ajv-formats is CommonJS with `exports.default`: under NodeNext the import is the module object.
const addFormats = formats.default;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);

/** One dialect's document, added to ajv under its own id, its API path templates and compiled validators. */
interface Checker {
  doc: OpenApiDocument;
  id: string;
  templates: { path: string; segments: string[] }[];
  validators: Map<string, ValidateFunction>;
}

const checkers = new Map<Wire, Checker>();

function checkerFor(wire: Wire): Checker {
  let checker = checkers.get(wire);
  if (checker) return checker;
  const doc = buildOpenApi({ wire });
  const id = `https://clmm-mock.invalid/openapi-${wire}.json`;
  ajv.addSchema({ ...doc, $id: id });
  const templates = Object.keys(doc.paths)
    .filter((path) => !path.startsWith('/__mock/'))
    .map((path) => ({ path, segments: path.split('/').slice(1) }));
  checkers.set(wire, (checker = { doc, id, templates, validators: new Map() }));
  return checker;
}

/** The dialect of each server a test helper started, by port (servers started otherwise speak spec). */
const wireByPort = new Map<number, Wire>();

/**
 * Checks the answers of the server on `port` against `wire`'s document from now on, or (`wire`
 * undefined) against the spec's again: test/helpers/server.ts calls it as it starts and closes a server.
 * @example checkAs(server.port, server.wire)
 */
export function checkAs(port: number, wire: Wire | undefined): void {
  if (wire === undefined) wireByPort.delete(port);
  else wireByPort.set(port, wire);
}

/** The path template (`/pools/{address}`) an API path falls under; literal segments win. */
export function pathTemplate(apiPath: string, wire: Wire = 'spec'): string | undefined {
  const segments = apiPath.replace(/\/$/, '').split('/').slice(1);
  const literal = (s: string): boolean => !s.startsWith('{');
  const fits = checkerFor(wire).templates.filter(
    (t) => t.segments.length === segments.length && t.segments.every((s, i) => !literal(s) || s === segments[i]),
  );
  fits.sort((a, b) => b.segments.filter(literal).length - a.segments.filter(literal).length);
  return fits[0]?.path;
}

const pointer = (parts: string[]): string =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** The JSON pointer (within the document) of the body schema for a template and status. */
function schemaPointer(doc: OpenApiDocument, template: string | undefined, status: number): string[] {
  if (template === undefined) return ['components', 'schemas', 'ErrorBody'];
  const responses = doc.paths[template]!.get!.responses;
  const key = String(status) in responses ? String(status) : 'default';
  const response = responses[key]!;
  const where =
    '$ref' in response
      ? ['components', 'responses', (response as Ref).$ref.split('/').pop()!]
      : ['paths', template, 'get', 'responses', key];
  const resolved = '$ref' in response ? doc.components.responses[where[2]!]! : (response as ResponseObject);
  if (!resolved.content) throw new Error(`the document gives no body for ${template} ${status}`);
  return [...where, 'content', 'application/json', 'schema'];
}

function validatorFor(checker: Checker, parts: string[]): ValidateFunction {
  const ref = `${checker.id}#/${pointer(parts)}`;
  let validate = checker.validators.get(ref);
  if (!validate) checker.validators.set(ref, (validate = ajv.compile({ $ref: ref })));
  return validate;
}

/**
 * Throws when a JSON body from `/v2/solana/...` does not match the schema for its path template and
 * status in the OpenAPI document of `wire` (by default, the dialect the server on the URL's port was
 * registered with, else spec). Any method: the GET operation's responses hold the 405 too. Other URLs
 * and empty bodies pass.
 * @example checkResponse('GET', 'http://127.0.0.1:1234/v2/solana/pools', 200, body)
 */
export function checkResponse(
  method: string,
  url: string,
  status: number,
  body: unknown,
  wire: Wire = wireByPort.get(Number(new URL(url).port)) ?? 'spec',
): void {
  const path = new URL(url).pathname;
  // The index at the base URL (docs/api.md §1.8) is the mock's own page, not an endpoint of the document.
  if (body === undefined || !path.startsWith(`${API_BASE}/`) || path === `${API_BASE}/`) return;
  const checker = checkerFor(wire);
  const parts = schemaPointer(checker.doc, pathTemplate(path.slice(API_BASE.length), wire), status);
  const validate = validatorFor(checker, parts);
  if (!validate(body)) {
    const errors = ajv.errorsText(validate.errors, { separator: '\n  ' });
    throw new Error(
      `${method} ${url} answered ${status} with a body that does not match the ${wire} OpenAPI schema ` +
        `at #/${pointer(parts)}:\n  ${errors}`,
    );
  }
}
