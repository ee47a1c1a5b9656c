import { API_BASE } from '../api/route-paths.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { unwrap } from '../record/wire-envelope.js';

/** A listing walked page by page, each page asked once, one at a time. */
export interface WalkResult {
  pages: number;
  slowestMs: number;
  medianMs: number;
}

/**
 * Walks the whole default pool listing with every stats period (`stats=5m,…,30d`), 50 pools a page,
 * through its `next` cursors, as a crawler that wants every period does: the first page is where a
 * server that loads periods on demand would stall (docs/performance.md §3). Uncompressed, as the
 * loads are (run-load.ts): brotli of a page with every period would add its own cost to every request.
 */
export async function walkAllPeriods(origin: string): Promise<WalkResult> {
  const times: number[] = [];
  let path: string | null = `${API_BASE}/pools?size=50&stats=${PERIOD_NAMES.join(',')}`;
  while (path) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    const { next } = unwrap(JSON.parse(text), path);
    path = next ? `${API_BASE}/pools?next=${encodeURIComponent(next)}` : null;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    pages: times.length,
    slowestMs: Math.round(sorted[sorted.length - 1]!),
    medianMs: Math.round(10 * sorted[Math.floor(sorted.length / 2)]!) / 10,
  };
}
