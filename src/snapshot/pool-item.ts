/**
 * A list item from its pieces: `head`, the two token summaries, `{stats entries}`, `tail`. A detail
 * passes its `detail` piece too. This is the one place the pieces' layout is spelled out.
 * @example joinPoolItem(head, summaryA, summaryB, ['"24h":{...}'], tail) // '{"address":…,"lockedLiquidityPercent":[]}'
 */
export function joinPoolItem(head: string, tokenA: string, tokenB: string, stats: readonly string[], tail: string, detail = ''): string {
  return `${head},"tokenA":${tokenA},"tokenB":${tokenB},"stats":{${stats.join(',')}}${tail}${detail}}`;
}
