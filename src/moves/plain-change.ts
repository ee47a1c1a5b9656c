import { invalidParameter } from '../errors/api-error.js';

/**
 * The deepest a change's values nest: a pool entry's deepest field is `stats.24h.volume` or
 * `lockedLiquidityPercent[0].name`, three levels into it (docs/market-moves.md §3).
 */
export const MAX_CHANGE_DEPTH = 8;

/**
 * `body`, a change as given (over HTTP or in process), copied as plain data: objects and arrays copied, anything else
 * kept as it is. The market keeps the copy to make the change again (market-log.ts), whatever the caller later does
 * with its own object. Walked without recursion, so that a value nested thousands deep is a 400 naming the field it
 * is under (`tokenA`, or `body` for the body itself), not a stack overflow; a cycle is nested without end.
 * @example plainChange({ stats: { '24h': { volume: '125000' } } }) // an equal object, not the same one
 */
export function plainChange<T>(body: T): T {
  const root: { value: unknown } = { value: undefined };
  const pending: { from: unknown; into: Record<string, unknown>; key: string; depth: number; field: string }[] = [
    { from: body, into: root, key: 'value', depth: 0, field: 'body' },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { from, into, key, depth, field } = next;
    if (typeof from !== 'object' || from === null) {
      put(into, key, from);
      continue;
    }
    if (depth >= MAX_CHANGE_DEPTH)
      throw invalidParameter(
        field,
        `${field} nests deeper than a change may (${MAX_CHANGE_DEPTH} levels of objects and arrays)`,
      );
    const copy: Record<string, unknown> = Array.isArray(from) ? ([] as unknown as Record<string, unknown>) : {};
    put(into, key, copy);
    for (const [name, value] of Object.entries(from)) {
      // Each key in place now, in its order: its value is filled in when its turn comes (a stack's turns are reversed).
      put(copy, name, undefined);
      pending.push({
        from: value,
        into: copy,
        key: name,
        depth: depth + 1,
        field: depth === 0 && !Array.isArray(from) ? name : field,
      });
    }
  }
  return root.value as T;
}

/** Sets an own key as JSON.parse does: `__proto__` is a key like any other, not the prototype. */
function put(into: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
}
