import type { Wire } from '../snapshot/wire.js';

/**
 * A page's `next` cursor, where its dialect puts it: `meta.next` (spec) or `meta.cursor.next` (upstream).
 * @example nextCursor('{"data":[],"meta":{"cursor":{"previous":null,"next":"abc"}}}', 'upstream') // 'abc'
 */
export function nextCursor(body: string, wire: Wire): string | null {
  const { meta } = JSON.parse(body) as { meta: { next?: string | null; cursor?: { next: string | null } } };
  return (wire === 'upstream' ? meta.cursor?.next : meta.next) ?? null;
}
