/**
 * A snapshot that cannot be served: missing, not SQLite, damaged or of another schema version. The
 * message is one line naming the file and what to do.
 * @example try { await createMockServer({ snapshot: 'x.sqlite' }) }
 * catch (e) { if (e instanceof SnapshotError) console.error(e.message) }
 */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** What `inspect` shows of a snapshot. */
export interface SnapshotFacts {
  path: string;
  schemaVersion: number;
  seed: string;
  generatorVersion: string;
  asOf: string;
  tokens: number;
  pools: number;
  positions: number;
  /** `generated`, or `recorded from <base URL>`. */
  source: string;
  /** The key cursors are signed with; a recording of this snapshot's server keeps it, so its cursors replay. */
  cursorKey: string;
  /** What a market file declared, with the mint or address each entry is served at; empty without one. */
  declared: { entry: string; what: string; address: string }[];
}
