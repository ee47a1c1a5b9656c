/**
 * Called between pieces of work: lets a server answer requests while a change is computed beside them
 * (moving-market.ts makes the one it passes: a pause every 10 ms of work).
 */
export type Pace = () => Promise<void> | void;

/** No pauses: for work done all at once (tests, a snapshot written from a state). */
export const NO_PACE: Pace = () => undefined;

/**
 * The longest a request may wait while a change is computed beside it, in ms. At 2,000 pools slices of
 * 20 ms made steps shorter (fewer requests between them) but the slowest request longer (65 against 41 ms).
 */
const SLICE_MS = 10;

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
