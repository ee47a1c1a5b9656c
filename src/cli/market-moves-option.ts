import { parseMovesEvery } from '../moves/moves-every.js';
import { UsageError } from './fail.js';

/** `--market-moves` of `serve` and `start` (docs/market-moves.md §1). */
export const MARKET_MOVES_OPTION = {
  type: 'string',
  requiresArg: true,
  describe:
    'Let the market move by itself: a step (five minutes of market time) this often, e.g. --market-moves 5s ' +
    '(default: it moves only through /__mock/market)',
} as const;

/** The interval in ms, checked here so that a bad value is one usage line (exit 2) before anything starts. */
export function marketMovesOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseMovesEvery(value);
  } catch (error) {
    throw new UsageError(`--market-moves: ${(error as Error).message}`);
  }
}
