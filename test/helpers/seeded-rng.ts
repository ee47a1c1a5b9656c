import { createRandom, type Random } from '../../src/generator/random.js';

/** The seeded random source the fuzzer and the soak draw from: the project's own, on a stream of its own. */
export type Rng = Random;

/** A seeded random source for test traffic; the same seed replays the same requests. */
export function seededRng(seed: number): Rng {
  return createRandom(seed, 'test-traffic');
}
