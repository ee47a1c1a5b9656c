import { rssMb, type ChildServer } from './child-servers.js';
import { lightClient } from './light-client.js';

/** What a market that moves costs a server (docs/market-moves.md §4). */
export interface MarketCost {
  steps: number;
  /** Time for a step to be computed and served, from the request to the answer of `/__mock/market/advance`. */
  medianStepMs: number;
  p95StepMs: number;
  slowestStepMs: number;
  /** The API requests a client sent, a page every CLIENT_EVERY_MS, while the steps were taken: p99 and slowest. */
  p99RequestMs: number;
  slowestRequestMs: number;
  requests: number;
}

/** How often the client asks for a page while steps are taken: a polling demo's pace, and more. */
const CLIENT_EVERY_MS = 10;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * Takes `steps` steps, one at a time, on the mock at `origin` while a client asks it for a pool page of the
 * orders a step changes every CLIENT_EVERY_MS (the next as soon as one ends when it took longer); each step's time
 * is the advance request's, which answers once the step is served. Both are sent by the light client
 * (light-client.ts).
 * @example await marketCost(mock.origin, 20)
 */
export async function marketCost(origin: string, steps: number): Promise<MarketCost> {
  const stepMs: number[] = [];
  let running = true;
  const requestMs: number[] = [];
  let requests = 0;
  const paths = ['/pools?size=50&stats=24h', '/pools?sortBy=tvl&size=50', '/pools?sortBy=yieldovertvl7d&size=50'];
  const http = lightClient();
  const client = (async () => {
    while (running) {
      const started = performance.now();
      await http.send(`${origin}/v2/solana${paths[requests % paths.length]}&x=${requests}`);
      const took = performance.now() - started;
      requestMs.push(took);
      requests++;
      if (took < CLIENT_EVERY_MS) await new Promise((r) => setTimeout(r, CLIENT_EVERY_MS - took));
    }
  })();
  try {
    for (let i = 0; i < steps; i++) {
      const started = performance.now();
      const answer = await http.send(`${origin}/__mock/market/advance`, '{"steps":1}');
      if (answer.status !== 200) throw new Error(`advance answered ${answer.status}: ${answer.body.toString()}`);
      stepMs.push(performance.now() - started);
    }
  } finally {
    running = false;
    await client;
    http.close();
  }
  const sorted = [...stepMs].sort((a, b) => a - b);
  const asked = [...requestMs].sort((a, b) => a - b);
  return {
    steps,
    medianStepMs: Math.round(percentile(sorted, 0.5)),
    p95StepMs: Math.round(percentile(sorted, 0.95)),
    slowestStepMs: Math.round(sorted.at(-1)!),
    p99RequestMs: Math.round(asked.length > 0 ? percentile(asked, 0.99) : 0),
    slowestRequestMs: Math.round(asked.at(-1) ?? 0),
    requests,
  };
}

/**
 * The server's RSS at step 10 and at step `last`, steps taken one at a time: a market that moves must not
 * grow with its steps.
 */
export async function rssOverSteps(server: ChildServer, last: number): Promise<{ at10: number; atLast: number }> {
  const advance = async (steps: number): Promise<void> => {
    for (let i = 0; i < steps; i++)
      await (
        await fetch(`${server.origin}/__mock/market/advance`, {
          method: 'POST',
          body: '{"steps":1}',
          headers: { 'content-type': 'application/json' },
        })
      ).text();
  };
  await advance(10);
  const at10 = rssMb(server.child.pid!);
  await advance(last - 10);
  return { at10, atLast: rssMb(server.child.pid!) };
}

/** The bench lines of a market's cost at `pools` pools. */
export function marketLines(pools: string, cost: MarketCost): string {
  return (
    `market steps at ${pools} pools (${cost.steps}, one at a time, a page asked every ${CLIENT_EVERY_MS} ms): ` +
    `median ${cost.medianStepMs} ms, p95 ${cost.p95StepMs} ms, slowest ${cost.slowestStepMs} ms; ` +
    `of ${cost.requests} requests during them, p99 ${cost.p99RequestMs} ms, slowest ${cost.slowestRequestMs} ms`
  );
}

/** The first change's line: once per server, it loads the market's code and reads what it needs of the snapshot. */
export function firstLine(first: MarketCost): string {
  return `the first change ${first.slowestStepMs} ms, the slowest request meanwhile ${first.slowestRequestMs} ms`;
}
