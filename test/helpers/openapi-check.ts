import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { API_BASE, buildOpenApi } from '../../src/openapi/build-openapi.js';
import type { ResponseObject, Ref } from '../../src/openapi/openapi-types.js';

// Every JSON body the contract suites receive from the API is checked against the OpenAPI document,
// so the document cannot drift from what the server sends.

const DOC = buildOpenApi();
const ID = 'https://clmm-mock.invalid/openapi.json';
// ajv-formats is CommonJS with `exports.default`: under NodeNext the import is the module object.
const addFormats = formats.default;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema({ ...DOC, $id: ID });

const TEMPLATES = Object.keys(DOC.paths)
  .filter((path) => !path.startsWith('/__mock/'))
  .map((path) => ({ path, segments: path.split('/').slice(1) }));

/** The path template (`/pools/{address}`) an API path falls under; literal segments win. */
export function pathTemplate(apiPath: string): string | undefined {
  const segments = apiPath.replace(/\/$/, '').split('/').slice(1);
  const literal = (s: string): boolean => !s.startsWith('{');
  const fits = TEMPLATES.filter(
    (t) => t.segments.length === segments.length && t.segments.every((s, i) => !literal(s) || s === segments[i]),
  );
  fits.sort((a, b) => b.segments.filter(literal).length - a.segments.filter(literal).length);
  return fits[0]?.path;
}

const pointer = (parts: string[]): string =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** The JSON pointer (within the document) of the body schema for a template and status. */
function schemaPointer(template: string | undefined, status: number): string[] {
  if (template === undefined) return ['components', 'schemas', 'ErrorBody'];
  const responses = DOC.paths[template]!.get!.responses;
  const key = String(status) in responses ? String(status) : 'default';
  const response = responses[key]!;
  const where =
    '$ref' in response
      ? ['components', 'responses', (response as Ref).$ref.split('/').pop()!]
      : ['paths', template, 'get', 'responses', key];
  const resolved = '$ref' in response ? DOC.components.responses[where[2]!]! : (response as ResponseObject);
  if (!resolved.content) throw new Error(`the document gives no body for ${template} ${status}`);
  return [...where, 'content', 'application/json', 'schema'];
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(parts: string[]): ValidateFunction {
  const ref = `${ID}#/${pointer(parts)}`;
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
  return validate;
}

/**
 * Throws when a JSON body from `/v2/solana/...` does not match the OpenAPI document's schema for its
 * path template and status (any method: the GET operation's responses hold the 405 too). Other URLs
 * and empty bodies pass.
 * @example checkResponse('GET', 'http://127.0.0.1:1234/v2/solana/pools', 200, body)
 */
export function checkResponse(method: string, url: string, status: number, body: unknown): void {
  const path = new URL(url).pathname;
  if (body === undefined || !(path === API_BASE || path.startsWith(`${API_BASE}/`))) return;
  const template = pathTemplate(path.slice(API_BASE.length));
  const parts = schemaPointer(template, status);
  const validate = validatorFor(parts);
  if (!validate(body)) {
    const errors = ajv.errorsText(validate.errors, { separator: '\n  ' });
    throw new Error(
      `${method} ${url} answered ${status} with a body that does not match the OpenAPI schema ` +
        `at #/${pointer(parts)}:\n  ${errors}`,
    );
  }
}
