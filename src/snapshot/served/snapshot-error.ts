/**
 * A snapshot that cannot be served: missing, not SQLite, damaged or of another schema version. The
 * message is one line naming the file and what to do.
 * @example try { await createMockServer({ snapshot: 'x.sqlite' }) }
 * catch (e) { if (e instanceof SnapshotError) console.error(e.message) }
 */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}
