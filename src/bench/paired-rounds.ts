import { runLoad, type LoadResult } from './run-load.js';

/** Rounds of one load against both servers, and the round whose ratio is the median. */
export interface PairedRounds {
  mock: LoadResult;
  bare: LoadResult;
  /** Each round's ratio (mock rate over bare rate), in the order they ran. */
  ratios: number[];
}

/** One round: both servers, one after the other, on the same slice of paths, each path once. */
async function round(first: string, second: string, slice: readonly string[]): Promise<[LoadResult, LoadResult]> {
  const a = await runLoad(first, slice, { once: true });
  const b = await runLoad(second, slice, { once: true });
  return [a, b];
}

/**
 * Runs `paths` in rounds of `perRound` distinct paths, each once, against both servers on the same
 * slice, so a burst of noise on a shared machine weighs on one round rather than on the figure. The
 * servers take turns at going first (the mock in the first round), so neither always runs in what is
 * left of the other's work. Every round is as long as a single load of `perRound` paths: short slices
 * would let autocannon's start and pauses weigh on the faster server's share (docs/performance.md §1).
 * The median round is reported; with an odd count it is a round that ran, not an average.
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
    const mockFirst = rounds.length % 2 === 0;
    const [a, b] = await round(mockFirst ? mockOrigin : bareOrigin, mockFirst ? bareOrigin : mockOrigin, slice);
    const [mock, bare] = mockFirst ? [a, b] : [b, a];
    rounds.push({ mock, bare, ratio: mock.perSecond / bare.perSecond });
  }
  if (rounds.length === 0) throw new Error(`${paths.length} paths make no round of ${perRound}`);
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  return { mock: median.mock, bare: median.bare, ratios: rounds.map((r) => r.ratio) };
}

/**
 * The line under the benchmark's table that shows every round, so a reader sees the spread the median hides.
 * @example roundsLine('pool detail', { ratios: [0.56, 0.62], … }) // 'pool detail, each round's ratio …: 0.56, 0.62'
 */
export function roundsLine(load: string, rounds: PairedRounds): string {
  return `${load}, each round's ratio in the order they ran: ${rounds.ratios.map((r) => r.toFixed(2)).join(', ')}`;
}
