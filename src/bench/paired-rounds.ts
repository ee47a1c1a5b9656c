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
 * Runs each round's paths, each once, against both servers, so a burst of noise on a shared machine
 * weighs on one round rather than on the figure. The servers take turns at going first (the mock in
 * the first round), so neither always runs in what is left of the other's work. A round should last
 * a second or more: in short ones autocannon's start and pauses weigh on the faster server's share
 * (docs/performance.md §1). The median round is reported; with an odd count it is a round that ran.
 * @example const detail = await pairedRounds(mockOrigin, bareOrigin, [firstPaths, secondPaths, thirdPaths]);
 */
export async function pairedRounds(
  mockOrigin: string,
  bareOrigin: string,
  rounds: readonly (readonly string[])[],
): Promise<PairedRounds> {
  if (rounds.length === 0 || rounds.some((paths) => paths.length === 0))
    throw new Error(`rounds of ${rounds.map((paths) => paths.length).join(', ') || 'nothing'}: a round needs paths`);
  const results: { mock: LoadResult; bare: LoadResult; ratio: number }[] = [];
  for (const paths of rounds) {
    const mockFirst = results.length % 2 === 0;
    const [a, b] = await round(mockFirst ? mockOrigin : bareOrigin, mockFirst ? bareOrigin : mockOrigin, paths);
    const [mock, bare] = mockFirst ? [a, b] : [b, a];
    results.push({ mock, bare, ratio: mock.perSecond / bare.perSecond });
  }
  const median = [...results].sort((a, b) => a.ratio - b.ratio)[Math.floor(results.length / 2)]!;
  return { mock: median.mock, bare: median.bare, ratios: results.map((r) => r.ratio) };
}

/**
 * The line under the benchmark's table that shows every round, so a reader sees the spread the median hides.
 * @example roundsLine('pool detail', { ratios: [0.56, 0.62], … }) // 'pool detail, each round's ratio …: 0.56, 0.62'
 */
export function roundsLine(load: string, rounds: PairedRounds): string {
  return `${load}, each round's ratio in the order they ran: ${rounds.ratios.map((r) => r.toFixed(2)).join(', ')}`;
}
