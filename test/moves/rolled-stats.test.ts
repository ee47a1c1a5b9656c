import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rolledVolume } from '../../src/moves/pool/rolled-stats.js';

const rolled = suite('a stats window rolled over the steps elapsed');

rolled('hand-computed table: the elapsed share of its volume leaves, the trades of its last steps come in', () => {
  const cases: [volume: bigint, steps: number, elapsed: number, traded: bigint, expected: bigint][] = [
    [288_000_000n, 288, 1, 2_000_000n, 289_000_000n],
    // Nothing elapsed: as it was.
    [288_000_000n, 288, 0, 0n, 288_000_000n],
    // Kept share rounded down: 10 × 2 / 3.
    [10n, 3, 1, 0n, 6n],
    [10n, 3, 2, 5n, 8n],
    // A window no longer than the steps elapsed holds their trades alone.
    [10n, 3, 3, 7n, 7n],
    [10n, 3, 40, 7n, 7n],
    [0n, 12, 5, 0n, 0n],
  ];
  for (const [volume, steps, elapsed, traded, expected] of cases)
    assert.is(rolledVolume(volume, steps, elapsed, traded), expected, `${volume} over ${steps}, ${elapsed} elapsed`);
});

rolled.run();
