import { renameSync, rmSync } from 'node:fs';
import { createSnapshotWriter, type SnapshotWriter } from './snapshot-writer.js';

export interface AtomicWriteOptions {
  /** Aborting makes the write fail, even in a last synchronous phase. */
  signal?: AbortSignal;
  /** What an abort says, e.g. 'generation interrupted'. */
  interrupted?: string;
  /** The error a failure to open the file becomes (the recorder's own class, say); default Error. */
  errorOf?: (message: string) => Error;
}

/** Where a snapshot for `out` is written until it is complete. */
export const partialPath = (out: string): string => `${out}.partial`;

/**
 * Removes `<out>.partial` and the files SQLite keeps beside it (its journal, or a WAL and its index): a run
 * killed outright (kill -9) leaves them, and a journal left hot beside a new partial file would be rolled
 * back into it, or make the next open say `attempt to write a readonly database`.
 * @example removePartial('snapshots/x.sqlite') // no x.sqlite.partial, x.sqlite.partial-journal, …
 */
export function removePartial(out: string): void {
  const partial = partialPath(out);
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
}

/**
 * Writes a snapshot into `<out>.partial` through `write`, in the writer's one transaction, and
 * renames it into place when complete: an error or an abort leaves nothing at `out`, nor beside it.
 * @example await writeSnapshotAtomically('snapshots/x.sqlite', (writer) => { writer.meta({ ... }); })
 */
export async function writeSnapshotAtomically<T>(
  out: string,
  write: (writer: SnapshotWriter) => Promise<T> | T,
  options: AtomicWriteOptions = {},
): Promise<T> {
  const partial = partialPath(out);
  const errorOf = options.errorOf ?? ((message: string) => new Error(message));
  removePartial(out);
  let writer: SnapshotWriter;
  try {
    writer = createSnapshotWriter(partial);
  } catch (error) {
    removePartial(out);
    throw errorOf(`cannot write ${out}: ${(error as Error).message}`);
  }
  try {
    const result = await write(writer);
    if (options.signal?.aborted) throw errorOf(options.interrupted ?? 'interrupted');
    writer.finish();
    renameSync(partial, out);
    return result;
  } catch (error) {
    writer.abandon();
    removePartial(out);
    throw error;
  }
}
