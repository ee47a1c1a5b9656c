export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const stopAt = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > stopAt) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** The promise's value, or `timedOut` if it takes longer than `ms` (the timer is cleared either way). */
export async function within<T, U>(promise: Promise<T>, ms: number, timedOut: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<U>((resolve) => (timer = setTimeout(() => resolve(timedOut), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
