import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { generateSnapshot, type GenerateOptions } from '../../src/generator/run/generate-snapshot.js';

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'clmm-mock-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const cache = new Map<string, Promise<string>>();
const shared = tempDir();
process.on('exit', shared.remove);

/** A generated snapshot, made once per argument set for the whole test run. */
export function snapshotFor(
  seed: number,
  pools: number,
  tokens: number,
  extra: Partial<GenerateOptions> = {},
): Promise<string> {
  const key = JSON.stringify([seed, pools, tokens, extra]);
  let made = cache.get(key);
  if (!made) {
    const out = join(shared.dir, `s${cache.size}.sqlite`);
    made = generateSnapshot({ seed, pools, tokens, out, ...extra }).then(() => out);
    cache.set(key, made);
  }
  return made;
}

/** The snapshot every HTTP suite serves: 400 pools and 150 tokens (coverage rules hold from 300 pools). */
export function httpSnapshot(): Promise<string> {
  return snapshotFor(7, 400, 150);
}

/** A small snapshot (60 pools, 40 tokens) for suites that need a server, not the data: chaos, robustness. */
export function smallSnapshot(): Promise<string> {
  return snapshotFor(31, 60, 40);
}

/** A hash per table over every row in primary-key order: equal hashes mean equal content. */
export function tableHashes(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const hashes: Record<string, string> = {};
    for (const table of tables) {
      const rows = (db.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][])
        .map((row) => JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
        .sort();
      hashes[table] = createHash('sha256').update(rows.join('\n')).digest('hex');
    }
    return hashes;
  } finally {
    db.close();
  }
}
