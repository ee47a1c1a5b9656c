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
 * paths over and over for `seconds`. Uncompressed, as a CI suite's client usually is. The rate is
 * timed from the start to the last response: autocannon's own duration only ticks in whole seconds,
 * which would flatten short runs.
 */
export async function runLoad(
  origin: string,
  paths: readonly string[],
  options: { once: boolean; seconds?: number },
): Promise<LoadResult> {
  let next = 0;
  let last = 0;
  const started = performance.now();
  const settings: autocannon.Options = {
    url: origin,
    connections: 10,
    ...(options.once ? { amount: paths.length } : { duration: options.seconds ?? 10 }),
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(settings, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', () => (last = performance.now()));
  });
  const seconds = ((last || performance.now()) - started) / 1000;
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / seconds,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}
