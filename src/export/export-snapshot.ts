import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API_BASE, normalizePublicUrl, type RoutePath } from '../api/route-paths.js';
import { ROUTES } from '../api/routes.js';
import { tokenLogoSvg } from '../snapshot/served/logo-svg.js';
import { logoPath } from '../snapshot/format/logo-url.js';
import type { SnapshotFacts } from '../snapshot/served/snapshot-error.js';
import { openServedSnapshot } from '../snapshot/served/open-served-snapshot.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { commonListings } from './common-listings.js';
import { parseWire, type Wire } from '../snapshot/format/wire.js';

export interface ExportOptions {
  snapshot: string;
  /** Folder to write; it must not exist (or be empty) unless `force`. */
  out: string;
  /** Base URL the files will be served from, for logo URLs in bodies; default `http://127.0.0.1:8080`. */
  publicUrl?: string;
  force?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** The dialect of the bodies (docs/api.md §9): `spec` (the default) or `upstream`, the live API's. */
  wire?: Wire;
}

/** One exported response: the URL it answers and the file (relative to the folder) holding its body. */
export interface ExportEntry {
  url: string;
  file: string;
  contentType: string;
}

/**
 * The export's `index.json`: where the API was exported for, the snapshot's facts and every file.
 * @example const index = JSON.parse(readFileSync('mocks/api/index.json', 'utf8')) as ExportIndex;
 */
export interface ExportIndex {
  /** The origin logo URLs point at, e.g. `http://localhost:5173`. */
  publicUrl: string;
  /** The API's base URL at that origin. */
  api: string;
  /** The dialect of the bodies. */
  wire: Wire;
  /** The snapshot's facts, as `inspect` shows them. */
  snapshot: Omit<SnapshotFacts, 'path' | 'cursorKey'>;
  entries: ExportEntry[];
}

export interface ExportSummary {
  out: string;
  files: number;
  bytes: number;
}

/** The file of an API URL: its path, then `~` and the query when there is one. */
function fileOf(path: string, query: string): string {
  return `${API_BASE.slice(1)}${path}${query ? `~${query}` : ''}.json`;
}

/** Every request exported, as [route path, params, path, query]: common listings, then every detail. */
function requests(snapshot: ServedSnapshot): [RoutePath, Record<string, string>, string, string][] {
  const all: [RoutePath, Record<string, string>, string, string][] = commonListings(snapshot).map(([route, query]) => [
    route,
    {},
    route,
    query,
  ]);
  for (let id = 1; id <= snapshot.poolCount; id++) {
    const address = snapshot.poolAddress(id);
    all.push(
      ['/pools/:address', { address }, `/pools/${address}`, ''],
      ['/lock/:address', { address }, `/lock/${address}`, ''],
    );
  }
  for (let id = 1; id <= snapshot.tokenCount; id++) {
    const mint = snapshot.tokenAddress(id);
    all.push(['/tokens/:mint', { mint }, `/tokens/${mint}`, '']);
  }
  for (const path of [
    '/protocol',
    '/protocol/token',
    '/protocol/token/circulating_supply',
    '/protocol/token/total_supply',
  ] as const)
    all.push([path, {}, path, '']);
  return all;
}

function prepareFolder(out: string, force: boolean): string {
  if (existsSync(out) && readdirSync(out).length > 0 && !force)
    throw new Error(`${out} exists and is not empty; pass --force to replace it`);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  return partial;
}

/**
 * Writes a snapshot's responses as a static tree that mirrors the API paths, for tools that mock
 * from files (MSW handlers, Playwright `route`): the common first pages, every pool detail, lock and
 * token, the protocol endpoints, every token logo, and `index.json` mapping each URL to its file.
 * Bodies are byte for byte what `serve` answers at `publicUrl` in the same dialect (`wire`). Written beside
 * `out`, then moved into place.
 * @example exportSnapshot({ snapshot: 'snapshots/default.sqlite', out: 'mocks/api' })
 */
export function exportSnapshot(options: ExportOptions): ExportSummary {
  const publicUrl = normalizePublicUrl(options.publicUrl ?? 'http://127.0.0.1:8080');
  const wire = parseWire(options.wire);
  const snapshot = openServedSnapshot(options.snapshot, wire);
  let left: string | undefined;
  try {
    const partial = prepareFolder(options.out, options.force ?? false);
    left = partial;
    const routes = new Map(ROUTES.map((route) => [route.path, route]));
    const todo = requests(snapshot);
    const entries: ExportEntry[] = [];
    let bytes = 0;
    const write = (file: string, body: string | Buffer): void => {
      mkdirSync(dirname(join(partial, file)), { recursive: true });
      writeFileSync(join(partial, file), body);
      bytes += Buffer.byteLength(body);
    };
    todo.forEach(([route, params, path, query], i) => {
      const file = fileOf(path, query);
      write(file, routes.get(route)!.answer(snapshot, params, new URLSearchParams(query), publicUrl));
      entries.push({
        url: `${API_BASE}${path}${query ? `?${query}` : ''}`,
        file,
        contentType: 'application/json; charset=utf-8',
      });
      if (i % 500 === 0) options.onProgress?.(i, todo.length);
    });
    for (let id = 1; id <= snapshot.tokenCount; id++) {
      const mint = snapshot.tokenAddress(id);
      const file = logoPath(mint).slice(1);
      write(file, tokenLogoSvg(mint, snapshot.tokenSymbol(id)));
      entries.push({ url: logoPath(mint), file, contentType: 'image/svg+xml' });
    }
    const { path: _path, cursorKey: _key, ...facts } = snapshot.facts;
    const index: ExportIndex = { publicUrl, api: `${publicUrl}${API_BASE}`, wire, snapshot: facts, entries };
    write('index.json', `${JSON.stringify(index, null, 1)}\n`);
    if (existsSync(options.out)) rmSync(options.out, { recursive: true, force: true });
    renameSync(partial, options.out);
    left = undefined;
    return { out: options.out, files: entries.length + 1, bytes };
  } finally {
    // A failed export (a full disk, say) leaves nothing beside `out` either.
    if (left !== undefined) rmSync(left, { recursive: true, force: true });
    snapshot.close();
  }
}
