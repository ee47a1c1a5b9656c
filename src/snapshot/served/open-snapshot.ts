import { closeSync, openSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SCHEMA_TABLES, SCHEMA_VERSION } from '../format/schema.js';
import { SnapshotError, type SnapshotFacts } from './snapshot-error.js';

const SQLITE_HEADER = 'SQLite format 3\0';

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(100);
    const read = readSync(fd, buffer, 0, 100, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** Whether the file holds every page its header counts: SQLite would read a cut page as zeros. */
function isWhole(header: Buffer, size: number): boolean {
  const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  return pageSize > 0 && size % pageSize === 0 && size >= pages * pageSize;
}

/** The file's header once it is known to be a whole SQLite file. */
function checkFile(path: string): Buffer {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new SnapshotError(`snapshot ${path} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`snapshot ${path} not found (create one with: clmm-mock generate --out ${path})`);
  }
  const header = size >= 100 ? readHeader(path) : Buffer.alloc(0);
  if (header.length < 100 || header.subarray(0, 16).toString('latin1') !== SQLITE_HEADER)
    throw new SnapshotError(`snapshot ${path} is not an SQLite file`);
  if (!isWhole(header, size))
    throw new SnapshotError(`snapshot ${path} is truncated (its size does not match its page count)`);
  return header;
}

/** Whether the file is in WAL mode (header bytes 18 and 19 are 2): a tool that edited it may have left it so. */
const inWalMode = (header: Buffer): boolean => header[18] === 2 || header[19] === 2;

/**
 * Opens a snapshot read-only after checking that it is one: the file exists, is SQLite, has this
 * schema version and its tables. Throws SnapshotError with a one-line message otherwise.
 * @example const db = openSnapshot('snapshots/default.sqlite');
 */
export function openSnapshot(path: string): Database.Database {
  const header = checkFile(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // A snapshot never changes, so the connection keeps the shared lock its first read takes: otherwise
    // every statement locks and unlocks the file and reads its header again to know whether its cache
    // still holds (docs/performance.md §5).
    // Not in WAL mode, where a read-only connection cannot take that lock.
    if (!inWalMode(header)) db.pragma('locking_mode = EXCLUSIVE');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      throw new SnapshotError(
        `snapshot ${path} has schema version ${version}; ` +
          `this clmm-mock reads version ${SCHEMA_VERSION} (generate it again)`,
      );
    }
    const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    if (SCHEMA_TABLES.some((table) => !present.has(table)))
      throw new SnapshotError(`snapshot ${path} is missing tables of schema version ${SCHEMA_VERSION}`);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`snapshot ${path} cannot be read: ${(error as Error).message}`);
  }
}

/** What a market file declared (the `declared` fact), with where each entry is served; empty without one. */
export function declaredEntries(db: Database.Database): SnapshotFacts['declared'] {
  const text = db.prepare("SELECT value FROM meta WHERE key = 'declared'").pluck().get() as string | undefined;
  return text === undefined ? [] : (JSON.parse(text) as SnapshotFacts['declared']);
}

/** Reads a snapshot's facts from its meta table. */
export function readSnapshotFacts(db: Database.Database, path: string): SnapshotFacts {
  const meta = new Map(db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]);
  const get = (key: string): string => {
    const value = meta.get(key);
    if (value === undefined) throw new SnapshotError(`snapshot ${path} has no '${key}' in its meta table`);
    return value;
  };
  return {
    path,
    schemaVersion: db.pragma('user_version', { simple: true }) as number,
    seed: get('seed'),
    generatorVersion: get('generatorVersion'),
    asOf: get('asOf'),
    tokens: Number(get('tokenCount')),
    pools: Number(get('poolCount')),
    positions: Number(get('positionCount')),
    source: meta.get('source') ?? 'generated',
    cursorKey: get('cursorKey'),
    declared: declaredEntries(db),
  };
}
