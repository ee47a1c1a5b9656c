/**
 * Called between pieces of work: lets a server answer requests while a change is computed beside them
 * (moving-market.ts makes the one it passes: a pause every SLICE_MS of work).
 */
export type Pace = () => Promise<void> | void;

/** No pauses: for work done all at once (tests, a snapshot written from a state). */
export const NO_PACE: Pace = () => undefined;

/**
 * The longest a request may wait while a change is computed beside it, in ms: at 100,000 pools a step is over a
 * second of work, which requests could not wait for. Each request answered between two slices delays the step by
 * its own time, so shorter slices serve requests sooner and slow the step by as much (docs/market-moves.md §4).
 */
const SLICE_MS = 15;

/** Waits for the event loop once every SLICE_MS of work, so that requests are answered between slices. */
export function pacer(): Pace {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
