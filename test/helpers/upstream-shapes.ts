import { API_BASE } from '../../src/openapi/build-openapi.js';
import { pathTemplate } from './openapi-check.js';
import { shapeViolations } from './wire-shape.js';

/**
 * What a live-dialect answer should look like, by path template: the envelope's kind in
 * fixtures/upstream-shape.json and the kind of its items (lists) or of its `data` (single objects);
 * bare kinds are the whole body (docs/api.md §9).
 */
const KINDS: Record<string, { envelope?: 'listEnvelope' | 'objectEnvelope'; kind: string }> = {
  '/pools': { envelope: 'listEnvelope', kind: 'poolListItem' },
  '/pools/search': { envelope: 'listEnvelope', kind: 'poolListItem' },
  '/pools/{address}': { envelope: 'objectEnvelope', kind: 'poolDetail' },
  '/tokens': { envelope: 'listEnvelope', kind: 'token' },
  '/tokens/search': { envelope: 'listEnvelope', kind: 'token' },
  '/tokens/{mint_address}': { envelope: 'objectEnvelope', kind: 'token' },
  '/lock/{address}': { kind: 'lockEntry' },
  '/protocol': { kind: 'protocol' },
  '/protocol/token': { kind: 'exchangeToken' },
  '/protocol/token/circulating_supply': { kind: 'circulatingSupply' },
  '/protocol/token/total_supply': { kind: 'totalSupply' },
};

/**
 * How an answer of a live-dialect server differs from the stated live wire format: any error outside
 * the admin API is `{status, inner}`; a 200 of the API has its endpoint's shape. Empty when it fits, or
 * when there is no body (HEAD, 204, 304) or nothing stated (admin API, static files).
 * @example upstreamShapeProblems('GET', 'http://127.0.0.1:1/v2/solana/protocol', 200, body) // []
 */
export function upstreamShapeProblems(method: string, url: string, status: number, body: unknown): string[] {
  const path = new URL(url).pathname;
  if (body === undefined || path.startsWith('/__mock')) return [];
  if (status >= 400) return shapeViolations('error', body);
  // The index at the base URL (docs/api.md §1.8) has no live shape: the live API has no such page.
  if (status !== 200 || !path.startsWith(`${API_BASE}/`) || path === `${API_BASE}/`) return [];
  const template = pathTemplate(path.slice(API_BASE.length));
  const expected = template === undefined ? undefined : KINDS[template];
  if (expected === undefined) return [`${method} ${path}: 200 from no known endpoint`];
  if (expected.envelope === undefined) {
    if (!Array.isArray(body)) return shapeViolations(expected.kind, body);
    return body.flatMap((entry, i) => shapeViolations(expected.kind, entry, 'mock', `${expected.kind}[${i}]`));
  }
  const problems = shapeViolations(expected.envelope, body);
  if (problems.length > 0) return problems;
  const { data } = body as { data: unknown };
  if (!Array.isArray(data)) return shapeViolations(expected.kind, data);
  return data.flatMap((item, i) => shapeViolations(expected.kind, item, 'mock', `${expected.kind}[${i}]`));
}
