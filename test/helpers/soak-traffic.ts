import type { Agent } from 'node:http';
import * as assert from 'uvu/assert';
import { nextCursorOf } from './dialect.js';
import { exchange, type Answer } from './http.js';
import type { Rng } from './seeded-rng.js';
import { UPSTREAM } from './test-wire.js';

/**
 * Loopback has a whole /8: the workers connect to 127.0.0.1 from three source addresses, so the
 * per-address limiter sees three clients. The last one is greedy (6 of the 10 workers) and is the
 * one that meets the limit.
 */
export const CLIENTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
export const clientOf = (worker: number): string => CLIENTS[worker < 2 ? 0 : worker < 4 ? 1 : 2]!;

/** What the soak saw, kept up by every request. */
export interface Tally {
  statuses: Map<number, number>;
  truncated: number;
  failures: string[];
  /** Distinct requests sent (method and path), for the bound on seeded request counts. */
  keys: Set<string>;
  perClient: Map<string, number>;
}

/** Real pool and token addresses to ask for. */
export interface SoakAddresses {
  pools: string[];
  tokens: string[];
}

/** The set-up requests of `soakAddresses` as the server counts them (with __status removed before counting). */
export const SET_UP_KEYS = ['GET /v2/solana/pools?size=100&includeBlocked=true', 'GET /v2/solana/tokens?size=100'];

/**
 * Up to 100 pool and 100 token addresses of the served snapshot (`__status=200` keeps chaos off these two requests).
 */
export async function soakAddresses(port: number): Promise<SoakAddresses> {
  const pools = (
    JSON.parse(
      (
        (await exchange(
          port,
          { method: 'GET', path: '/v2/solana/pools?size=100&includeBlocked=true&__status=200' },
          false,
        )) as { body: Buffer }
      ).body.toString(),
    ).data as { address: string }[]
  ).map((p) => p.address);
  const tokens = (
    JSON.parse(
      (
        (await exchange(port, { method: 'GET', path: '/v2/solana/tokens?size=100&__status=200' }, false)) as {
          body: Buffer;
        }
      ).body.toString(),
    ).data as { address: string }[]
  ).map((t) => t.address);
  assert.ok(pools.length >= 50 && tokens.length >= 50, 'setup: addresses');
  return { pools, tokens };
}

/**
 * Whether `text` is the error body chaos answers with `status`: by its code (spec); by its exact
 * `{status, inner}` where the live dialect sends no code (docs/api.md §9.1).
 */
function isChaosError(status: number, text: string): boolean {
  const code = status === 429 ? 'rate_limited' : 'injected_fault';
  if (!UPSTREAM) return text.includes(`"code":"${code}"`);
  const inner =
    status === 429
      ? 'rate limit of \\d+ requests per window exceeded; retry after \\d+ s'
      : `injected fault: status ${status}`;
  return new RegExp(`^\\{"status":${status},"inner":"${inner}"\\}$`).test(text);
}

type CursorList = 'pools' | 'tokens' | 'search';

/** A seeded mix of read requests as clients make them, walking pages with cursors from earlier answers. */
export class SoakLoad {
  readonly tally: Tally;
  /** Cursors from earlier list answers, so the load walks pages as clients do. */
  private readonly cursors: Record<CursorList, string[]> = { pools: [], tokens: [], search: [] };

  /** `setUp`: requests already sent to the server before the load (counted among the distinct ones). */
  constructor(
    private readonly port: number,
    private readonly rng: Rng,
    private readonly known: SoakAddresses,
    setUp: string[],
  ) {
    this.tally = { statuses: new Map(), truncated: 0, failures: [], keys: new Set(setUp), perClient: new Map() };
  }

  /** Sends the next request of the mix from `worker`'s client address through `agent`, and tallies the answer. */
  async one(worker: number, agent: Agent): Promise<void> {
    const { rng, tally } = this;
    const { path, list } = this.nextPath();
    const localAddress = clientOf(worker);
    tally.perClient.set(localAddress, (tally.perClient.get(localAddress) ?? 0) + 1);
    const headers: Record<string, string> = rng.chance(0.4)
      ? { 'accept-encoding': rng.pick(['br, gzip', 'gzip']) }
      : {};
    tally.keys.add(`GET /v2/solana${path}`);
    const answer = await exchange(
      this.port,
      { method: 'GET', path: `/v2/solana${path}`, headers, localAddress },
      agent,
      10_000,
    );
    if (!answer.ok) {
      tally.failures.push(`GET ${path}: ${answer.error}`);
      return;
    }
    this.record(path, list, answer);
  }

  private record(path: string, list: CursorList | undefined, answer: Extract<Answer, { ok: true }>): void {
    const { tally } = this;
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
    const text = answer.body.toString('utf8');
    if (answer.status === 200) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        tally.truncated++;
        return;
      }
      const next = nextCursorOf(body);
      if (list && typeof next === 'string' && this.cursors[list].length < 200) this.cursors[list].push(next);
    } else if (answer.status === 429 || answer.status === 500 || answer.status === 503) {
      if (!isChaosError(answer.status, text))
        tally.failures.push(`GET ${path}: ${answer.status} ${text.slice(0, 200)}`);
    } else {
      tally.failures.push(`GET ${path}: unexpected ${answer.status} ${text.slice(0, 200)}`);
    }
  }

  /** The next path (below `/v2/solana`), and the cursor list its `next` cursor goes to. */
  private nextPath(): { path: string; list?: CursorList } {
    const {
      rng,
      known: { pools, tokens },
    } = this;
    const kind = rng.int(0, 19);
    if (kind < 5) return this.poolsPage();
    if (kind < 7) return this.tokensPage();
    if (kind < 9) return this.searchPage();
    if (kind < 12) return { path: `/pools/${rng.pick(pools)}${rng.chance(0.5) ? '?stats=24h,7d' : ''}` };
    if (kind < 13) return { path: `/lock/${rng.pick(pools)}` };
    if (kind < 15) return { path: `/tokens/${rng.pick(tokens)}` };
    if (kind < 16)
      return { path: `/tokens/search?q=${rng.pick(['a', 'us', 'sol', 'x', 'orca'])}&size=${rng.pick([5, 20])}` };
    return {
      path: rng.pick([
        '/protocol',
        '/protocol/token',
        '/protocol/token/circulating_supply',
        '/protocol/token/total_supply',
      ]),
    };
  }

  private poolsPage(): { path: string; list: CursorList } {
    const { rng } = this;
    const cursor = this.take('pools');
    if (cursor)
      return { path: `/pools?${rng.chance(0.8) ? 'next' : 'after'}=${encodeURIComponent(cursor)}`, list: 'pools' };
    return {
      path:
        `/pools?size=${rng.pick([5, 10, 20])}` +
        `&sortBy=${rng.pick(['tvl', 'volume24h', 'fees7d', 'yieldovertvl30d', 'lockedliquiditypercent'])}` +
        `&sortDirection=${rng.pick(['asc', 'desc'])}` +
        `${rng.chance(0.5) ? `&stats=${rng.pick(['24h', '24h,7d', '5m,1h'])}` : ''}` +
        `${rng.chance(0.3) ? '&minTvl=1000' : ''}`,
      list: 'pools',
    };
  }

  private tokensPage(): { path: string; list: CursorList } {
    const { rng } = this;
    const cursor = this.take('tokens');
    if (cursor) return { path: `/tokens?next=${encodeURIComponent(cursor)}`, list: 'tokens' };
    return {
      path:
        `/tokens?size=${rng.pick([10, 25])}&sort_by=${rng.pick(['mint_id', 'address', 'volume_24h'])}` +
        `&sort_direction=${rng.pick(['asc', 'desc'])}`,
      list: 'tokens',
    };
  }

  private searchPage(): { path: string; list: CursorList } {
    const {
      rng,
      known: { tokens },
    } = this;
    const cursor = this.take('search');
    if (cursor) return { path: `/pools/search?next=${encodeURIComponent(cursor)}`, list: 'search' };
    return {
      path:
        `/pools/search?q=${rng.pick(['SOL', 'USDC', 'SOL-USDC', 'orca', 'usdt/sol', rng.pick(tokens)])}` +
        `&size=${rng.pick([5, 10])}`,
      list: 'search',
    };
  }

  /** Most of the time (when there is one), a remembered cursor of `list`, removed from it. */
  private take(name: CursorList): string | undefined {
    const { rng } = this;
    const list = this.cursors[name];
    return list.length > 0 && rng.chance(0.6) ? list.splice(rng.int(0, list.length - 1), 1)[0] : undefined;
  }
}
