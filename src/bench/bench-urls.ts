import Database from 'better-sqlite3';
import { createMockServer } from '../http/create-mock-server.js';
import type { Wire } from '../snapshot/format/wire.js';
import { unwrap } from '../record/wire-envelope.js';

/** The benchmark's loads, as paths, with the body size the mock answers each with. */
export interface BenchUrls {
  /** Cold list pages in rounds: each round an equal share of every listing's pages, every page once. */
  cold: string[][];
  warm: string[];
  /** Pool details in rounds, every pool once. */
  detail: string[][];
  /** Every token by mint and the four protocol endpoints, each once. */
  tokens: string[];
  sizes: Record<string, number>;
}

/** How many rounds each once-each load runs in (paired-rounds.ts), and how large they are. */
export interface BenchRounds {
  cold: number;
  /** Pages of each listing a cold round holds, at most: a listing with fewer shares its own out. */
  coldPerListing: number;
  detail: number;
  detailPerRound: number;
}

/** `items` in `count` runs of near-equal length, in order. */
const shares = <T>(items: readonly T[], count: number): T[][] =>
  Array.from({ length: count }, (_, r) =>
    items.slice(Math.floor((r * items.length) / count), Math.floor(((r + 1) * items.length) / count)),
  );

/**
 * Eight listings whose pages differ: `sortBy=volume24h` would repeat the default listing's pages from
 * its second on (the same order gives the same `next` cursors), and a repeated page is a cache hit.
 */
const LISTINGS = [
  'pools?size=50&stats=24h',
  'pools?size=50&stats=24h&sortBy=tvl',
  'pools?size=50&stats=24h&sortBy=fees7d&sortDirection=asc',
  'pools?size=50&stats=24h&sortBy=yieldovertvl30d',
  'pools?size=50&stats=24h&minTvl=1000',
  'pools?size=50&stats=24h&sortBy=volume1h&hasRewards=true',
  'pools?size=50&stats=24h&sortBy=rewards24h&includeBlocked=true',
  'pools?size=50&stats=24h&sortBy=lockedliquiditypercent',
];

/**
 * Crawls a throwaway in-process server for real list URLs (first pages and `next` cursors, which are a
 * pure function of the snapshot and the request, so they stay valid on the fresh server measured
 * afterwards) and picks pool addresses for the detail load, and every token for the token load; the
 * sizes are those of bodies in `wire`, the dialect measured.
 */
export async function collectBenchUrls(snapshot: string, rounds: BenchRounds, wire: Wire = 'spec'): Promise<BenchUrls> {
  const server = await createMockServer({ snapshot, port: 0, cacheBytes: 0, wire });
  const base = new URL(server.url).pathname;
  const sizes: Record<string, number> = {};
  const cold: string[][] = Array.from({ length: rounds.cold }, () => []);
  try {
    for (const listing of LISTINGS) {
      const pages: string[] = [];
      let path: string | null = `${base}/${listing}`;
      while (pages.length < rounds.cold * rounds.coldPerListing && path) {
        const body: string = await (await fetch(`${new URL(server.url).origin}${path}`)).text();
        // Each cold page once: a page another listing already reached would be answered from the cache.
        if (path in sizes)
          throw new Error(`${path} is reached by two bench listings; the cold load must not repeat it`);
        sizes[path] = Buffer.byteLength(body);
        pages.push(path);
        const { next } = unwrap(JSON.parse(body), path);
        path = next ? `${base}/pools?next=${encodeURIComponent(next)}` : null;
      }
      shares(pages, rounds.cold).forEach((share, r) => cold[r]!.push(...share));
    }
    const db = new Database(snapshot, { readonly: true });
    const addresses = db
      .prepare('SELECT address FROM pools ORDER BY id LIMIT ?')
      .pluck()
      .all(rounds.detail * rounds.detailPerRound) as string[];
    const mints = db.prepare('SELECT address FROM tokens ORDER BY id').pluck().all() as string[];
    db.close();
    const tokens = [
      ...mints.map((m) => `${base}/tokens/${m}`),
      ...['', '/token', '/token/circulating_supply', '/token/total_supply'].map((p) => `${base}/protocol${p}`),
    ];
    for (const path of tokens)
      sizes[path] = Buffer.byteLength(await (await fetch(`${new URL(server.url).origin}${path}`)).text());
    const detail = addresses.map((a) => `${base}/pools/${a}?stats=24h`);
    for (const path of detail.slice(0, 200))
      sizes[path] = Buffer.byteLength(await (await fetch(`${new URL(server.url).origin}${path}`)).text());
    const detailSize = Math.round(
      detail.slice(0, 200).reduce((sum, p) => sum + sizes[p]!, 0) / Math.min(200, detail.length),
    );
    for (const path of detail) sizes[path] ??= detailSize;
    const allCold = cold.flat();
    return {
      cold,
      warm: allCold.filter((_, i) => i % Math.max(1, Math.floor(allCold.length / 100)) === 0).slice(0, 100),
      detail: shares(detail, rounds.detail),
      tokens,
      sizes,
    };
  } finally {
    await server.close();
  }
}
