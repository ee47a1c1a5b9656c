import { createHash, randomBytes } from 'node:crypto';

/**
 * Four uniform numbers in [0, 1) for one request. With a seed they are a pure function of the seed,
 * the request and how many times that same request was seen before, so a test run sees the same
 * faults whatever order its parallel requests arrive in; without one they are random.
 * @example requestDraws(7, 'GET /v2/solana/pools?size=5', 0)
 */
export function requestDraws(
  seed: number | null,
  requestKey: string,
  occurrence: number,
): [number, number, number, number] {
  const bytes =
    seed === null ? randomBytes(16) : createHash('sha256').update(`${seed}\n${requestKey}\n${occurrence}`).digest();
  const word = (i: number): number => bytes.readUInt32BE(i * 4) / 2 ** 32;
  return [word(0), word(1), word(2), word(3)];
}
