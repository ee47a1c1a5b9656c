/**
 * Called between pieces of work: lets a server answer requests while a change is computed beside them
 * (moving-market.ts makes the one it passes: a pause every 15 ms of work).
 */
export type Pace = () => Promise<void> | void;

/** No pauses: for work done all at once (tests, a snapshot written from a state). */
export const NO_PACE: Pace = () => undefined;

/**
 * The longest a request may wait while a change is computed beside it, in ms. At 2,000 pools, each request
 * answered between two slices delays the step by its own time (5 to 20 ms for a page of pools the step moved):
 * with the first change's rehearsal (read-market-start.ts), six runs of the bench's 50 steps each gave a slowest
 * step of 37-62 ms and request of 31-44 at 10 ms, 38-59 and 31-49 at 15, 34-54 and 40-55 at 20; shorter slices serve
 * requests sooner and slow the step by as much (docs/market-moves.md §4).
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
