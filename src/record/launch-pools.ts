import { TRADE_ENABLE_UNSET } from '../snapshot/format/pool-record.js';
import type { Json } from './wire-values.js';

/** The pools a recording takes for launch pools, and, when it did not take the source's filter, the line saying so. */
export interface LaunchPools {
  launched: Set<string>;
  note?: string;
}

/**
 * What a listed pool's own fields say of its being a launch pool, or undefined when they cannot tell. The
 * spec's dialect names the kind (`launchpool`, docs/api.md §5.2), so its whirlpools are not launch pools;
 * the live one has no such type, but sets a launch pool's `tradeEnableTimestamp` and no other's (§9.2). A
 * splash pool never is one. A live-shaped whirlpool without `tradeEnableTimestamp` cannot tell.
 */
export function launchByFields(pool: Json): boolean | undefined {
  if (pool.poolType === 'launchpool') return true;
  if (pool.poolType !== 'whirlpool') return false;
  // poolsConfig is the spec dialect's key; the live one sends whirlpoolsConfig (docs/api.md §9).
  if (pool.poolsConfig !== undefined) return false;
  const at = typeof pool.tradeEnableTimestamp === 'string' ? Date.parse(pool.tradeEnableTimestamp) : NaN;
  return Number.isNaN(at) ? undefined : at > Date.parse(TRADE_ENABLE_UNSET);
}

const CANNOT_TELL = '(no launchpool type, no tradeEnableTimestamp)';

/** What record does instead of trusting the filter: the pools' own fields decide, and the line says how far. */
function instead(all: readonly Json[]): { launched: Set<string>; did: string } {
  const launched = new Set(all.filter((p) => launchByFields(p) === true).map((p) => p.address as string));
  const untold = all.filter((p) => launchByFields(p) === undefined).length;
  if (untold === all.length)
    return { launched, did: `the pools' own fields cannot tell ${CANNOT_TELL}: record took none for a launch pool` };
  const found = `${launched.size} of ${all.length} pools are launch pools`;
  const rest = untold === 0 ? '' : `; ${untold} whose fields cannot tell ${CANNOT_TELL} were taken for whirlpools`;
  return { launched, did: `record took each pool's kind from its own fields instead: ${found}${rest}` };
}

/**
 * The launch pools among `all` (every pool, blocked ones included): those the source's launch filter
 * returned (`filtered`), unless its answer gives it away as ignored, as a server that does not know the
 * parameter (an older API, a proxy, a stub) answers every pool. Ignored when the answer holds a pool whose
 * own fields say it is no launch pool, or when it is every pool and some cannot tell; then the pools' own
 * fields decide, and `note` says so in one line.
 * @example launchPools(pools, pools).note // 'the source ignored isWavebreak: …'
 */
export function launchPools(all: readonly Json[], filtered: readonly Json[]): LaunchPools {
  const returned = new Set(filtered.map((p) => p.address as string));
  const contradicting = filtered.filter((p) => launchByFields(p) === false).length;
  const everyPool = all.length > 0 && all.every((p) => returned.has(p.address as string));
  const untold = all.some((p) => launchByFields(p) === undefined);
  if (contradicting === 0 && !(everyPool && untold)) return { launched: returned };
  const { launched, did } = instead(all);
  const asked = `/pools?isWavebreak=true answered ${everyPool ? 'every pool' : `${filtered.length} pools`}`;
  const why =
    contradicting > 0
      ? `the source ignored isWavebreak: ${asked}, ${contradicting} of them not launch pools by their own fields`
      : `the source seems to ignore isWavebreak: ${asked}`;
  return { launched, note: `${why}; ${did}` };
}
