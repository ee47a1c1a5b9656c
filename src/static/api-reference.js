// The API reference: the server's own OpenAPI document (GET /__mock/openapi.json, docs/api.md §10) as a list of
// its endpoints with their parameters, bodies and statuses. It is built from what the server serves, so it is
// the reference of this server's dialect, and ships with the package where docs/ may not.
import { element, getJson } from './page-kit.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** A schema in a few words: its type or enum, bounds and default; a `$ref` is resolved once against the document. */
function schemaText(doc, schema = {}) {
  const resolved = schema.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop()] ?? schema) : schema;
  const kinds = resolved.anyOf ?? resolved.oneOf;
  if (kinds) return kinds.map((kind) => schemaText(doc, kind)).join(' or ');
  if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  const parts = [resolved.type ?? (resolved.$ref ? resolved.$ref.split('/').pop() : 'any')];
  if (resolved.minimum !== undefined || resolved.maximum !== undefined)
    parts.push(`${resolved.minimum ?? '…'} to ${resolved.maximum ?? '…'}`);
  if (resolved.default !== undefined) parts.push(`default ${JSON.stringify(resolved.default)}`);
  return parts.join(', ');
}

function parameterRow(doc, parameter) {
  return element(
    'tr',
    { 'data-parameter': parameter.name },
    element('td', {}, element('code', {}, parameter.name), parameter.required ? ' (required)' : ''),
    element('td', {}, parameter.in),
    element('td', {}, schemaText(doc, parameter.schema)),
    element(
      'td',
      { class: 'wrap' },
      parameter.deprecated ? `Deprecated. ${parameter.description ?? ''}` : (parameter.description ?? ''),
    ),
  );
}

/** What a request body takes: its fields and their types, or the schema's own words when it has no fields. */
function bodyText(doc, requestBody) {
  const schema = requestBody.content?.['application/json']?.schema ?? {};
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => `${name}: ${schemaText(doc, field)}`);
  const what = fields.length > 0 ? `{ ${fields.join('; ')} }` : (schema.description ?? schemaText(doc, schema));
  return `JSON body${requestBody.required ? '' : ' (optional)'}, sent with Content-Type: application/json: ${what}`;
}

function endpoint(doc, prefix, path, method, operation) {
  const parameters = operation.parameters ?? [];
  const table = element(
    'table',
    { class: 'params' },
    element(
      'thead',
      {},
      element('tr', {}, ...['parameter', 'in', 'type', 'description'].map((h) => element('th', { scope: 'col' }, h))),
    ),
    element('tbody', {}, ...parameters.map((parameter) => parameterRow(doc, parameter))),
  );
  return element(
    'details',
    { class: 'endpoint', 'data-method': method.toUpperCase(), 'data-path': path },
    element(
      'summary',
      {},
      element('code', { class: 'method' }, method.toUpperCase()),
      ' ',
      element('code', {}, `${prefix}${path}`),
      ` ${operation.summary ?? ''}`,
    ),
    ...(operation.description ? [element('p', { class: 'wrap' }, operation.description)] : []),
    parameters.length > 0 ? table : element('p', {}, 'No parameters.'),
    ...(operation.requestBody ? [element('p', { class: 'body' }, bodyText(doc, operation.requestBody))] : []),
    element('p', { class: 'statuses' }, `Answers: ${Object.keys(operation.responses ?? {}).join(', ')}`),
  );
}

/** Loads the document and lists the API's endpoints (under the base URL), then the admin ones (on the origin). */
export async function loadReference(section) {
  const doc = await getJson('/__mock/openapi.json');
  const base = new URL(doc.servers[0].url, location.origin).pathname;
  const groups = { api: [], admin: [] };
  for (const [path, item] of Object.entries(doc.paths)) {
    // Admin paths name the bare origin as their own server.
    const admin = item.servers !== undefined;
    for (const method of METHODS.filter((m) => item[m]))
      groups[admin ? 'admin' : 'api'].push(endpoint(doc, admin ? '' : base, path, method, item[method]));
  }
  section.querySelector('#reference-api').replaceChildren(...groups.api);
  section.querySelector('#reference-admin').replaceChildren(...groups.admin);
  section.querySelector('.title').textContent = doc.info.title;
  return `${groups.api.length + groups.admin.length} endpoints; open one for its parameters.`;
}
