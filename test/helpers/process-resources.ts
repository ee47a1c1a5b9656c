import { readdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How many file descriptors this process holds (Linux). */
export function openFds(): number {
  return readdirSync('/proc/self/fd').length;
}

/** A function that runs a full garbage collection, exposing gc at run time if needed; null when impossible. */
export function gcFunction(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Timers pending in this process (the event loop stays alive while any is referenced). */
export function pendingTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

/** Resident set, used heap and open descriptors of this process, taken together. */
export interface ResourceSample {
  rss: number;
  heap: number;
  fds: number;
}

export function resourceSample(): ResourceSample {
  return { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, fds: openFds() };
}

/** Bytes as `12.3 MB`. */
export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
