import { runLoad, type LoadResult } from './run-load.js';

/** Rounds of one load against both servers, and the round whose ratio is the median. */
export interface PairedRounds {
  mock: LoadResult;
  bare: LoadResult;
  /** Each round's ratio (mock rate over bare rate), in the order they ran. */
  ratios: number[];
}

/**
 * Runs `paths` in rounds of `perRound` distinct paths, each once: the mock, then the bare server, on
 * the same slice, round after round, so a burst of noise on a shared machine weighs on one round
 * rather than on the figure. Every round is as long as a single load of `perRound` paths: short
 * slices would let autocannon's start and pauses weigh on the faster server's share (docs/performance.md
 * §1). The median round is reported; with an odd count it is a round that ran, not an average.
 * @example const detail = await pairedRounds(mockOrigin, bareOrigin, detailPaths, 20_000);
 */
export async function pairedRounds(
  mockOrigin: string,
  bareOrigin: string,
  paths: readonly string[],
  perRound: number,
): Promise<PairedRounds> {
  const rounds: { mock: LoadResult; bare: LoadResult; ratio: number }[] = [];
  for (let start = 0; start + perRound <= paths.length; start += perRound) {
    const slice = paths.slice(start, start + perRound);
    const mock = await runLoad(mockOrigin, slice, { once: true });
    const bare = await runLoad(bareOrigin, slice, { once: true });
    rounds.push({ mock, bare, ratio: mock.perSecond / bare.perSecond });
  }
  if (rounds.length === 0) throw new Error(`${paths.length} paths make no round of ${perRound}`);
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  return { mock: median.mock, bare: median.bare, ratios: rounds.map((round) => round.ratio) };
}
