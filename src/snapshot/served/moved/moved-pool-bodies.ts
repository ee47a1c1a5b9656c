import type { Period } from '../../../math/periods.js';
import { upstreamLockEntries } from '../../format/upstream-pool-pieces.js';
import { listEnvelope, objectEnvelope, type Cursors } from '../response-bodies.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { OriginTokens } from '../served-tokens.js';
import type { MarketVersion } from './market-version.js';
import { movedItem, type MovedPieces } from './moved-items.js';
import type { MovedMembers } from './moved-members.js';
import type { MovedShared } from './moved-shared.js';

const COMMA = Buffer.from(',');

/** What a version answers of its pools' bodies. */
export type PoolBodies = Pick<ServedSnapshot, 'poolPage' | 'poolDetail' | 'locks'>;

/**
 * The pool bodies of `version`: a pool it moved is joined from its record's pieces (moved-items.ts), rendered
 * the first time an answer shows it and kept while the version is served; a page's runs of pools it did not
 * move, and their details and locks, come from the snapshot's own readers (`base`), by the same fast paths.
 */
export function movedPoolBodies(
  moving: MovedShared,
  base: ServedSnapshot,
  version: MarketVersion,
  members: MovedMembers,
): PoolBodies {
  const { format, wire, servedTokens, pieces, periodsOf } = moving.parts;
  const render = moving.renderer();
  const piecesOf = (id: number): MovedPieces => render(version.pools.get(id)!);
  const item = (id: number, periods: readonly Period[], at: OriginTokens, detail: boolean): Buffer => {
    const [a, b] = members.poolTokens(id);
    const tokens = { summaryA: at.summary(a), summaryB: at.summary(b) };
    return movedItem(piecesOf(id), format, tokens, periods, detail ? format.detailEnd : format.itemEnd);
  };
  const items = (ids: readonly number[], periods: readonly Period[], at: OriginTokens): Uint8Array[] => {
    const chunks: Uint8Array[] = [];
    let run: number[] = [];
    const flush = (): void => {
      if (run.length > 0) chunks.push(pieces.poolItems(run, periods, at), COMMA);
      run = [];
    };
    for (const id of ids) {
      if (!version.pools.has(id)) run.push(id);
      else (flush(), chunks.push(item(id, periods, at, false), COMMA));
    }
    flush();
    return chunks.slice(0, -1);
  };
  return {
    poolPage(ids, periods, origin, cursors: Cursors) {
      if (!ids.some((id) => version.pools.has(id))) return base.poolPage(ids, periods, origin, cursors);
      const { open, close } = listEnvelope(cursors, wire);
      return Buffer.concat([open, ...items(ids, periodsOf(periods), servedTokens.at(origin)), close]);
    },
    poolDetail(id, periods, origin) {
      if (!version.pools.has(id)) return base.poolDetail(id, periods, origin);
      const { open, close } = objectEnvelope(wire);
      return Buffer.concat([open, item(id, periodsOf(periods), servedTokens.at(origin), true), close]);
    },
    locks: movedLocks(base, version, wire === 'upstream'),
  };
}

/** A version's locks of a pool: a moved pool's from its record, as text made once. */
function movedLocks(base: ServedSnapshot, version: MarketVersion, live: boolean): ServedSnapshot['locks'] {
  const lockTexts = new Map<number, string>();
  return (id) => {
    const moved = version.pools.get(id);
    if (!moved) return base.locks(id);
    let text = lockTexts.get(id);
    if (text === undefined) {
      const { locks } = moved.record();
      lockTexts.set(id, (text = live ? upstreamLockEntries(locks) : JSON.stringify(locks)));
    }
    return text;
  };
}
