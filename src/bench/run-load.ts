import autocannon from 'autocannon';

/** What one load reached. */
export interface LoadResult {
  requests: number;
  perSecond: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * Runs autocannon with 10 connections against `origin`: each path once in order (`once`), or the
 * paths over and over for `seconds`. Uncompressed, as a CI suite's client usually is.
 */
export async function runLoad(origin: string, paths: readonly string[], options: { once: boolean; seconds?: number }): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: 10,
    ...(options.once ? { amount: paths.length } : { duration: options.seconds ?? 10 }),
    requests: [{
      setupRequest: (request) => {
        request.path = paths[next++ % paths.length]!;
        return request;
      },
    }],
  });
  return { requests: result.requests.total, perSecond: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000), p99Ms: result.latency.p99, non2xx: result.non2xx + result.errors };
}
