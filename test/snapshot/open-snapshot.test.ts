import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { smallSnapshot, tempDir } from '../helpers/snapshots.js';

// A served snapshot's connection keeps its shared lock for its lifetime (open-snapshot.ts): other
// readers must still get in, and a file some tool switched to WAL mode must still open.
const opening = suite('opening a snapshot: the connection keeps its shared lock, and other readers still read');

const ORIGIN = 'http://127.0.0.1:8080';
const DETAIL_ID = 7;

/** What a served snapshot answers for one pool's detail and the first page of pools, as text. */
function answers(path: string): { detail: string; page: string } {
  const snapshot = openServedSnapshot(path);
  try {
    snapshot.prepare(ORIGIN);
    const cursors = { next: null, previous: null };
    return {
      detail: snapshot.poolDetail(DETAIL_ID, ['24h'], ORIGIN).toString(),
      page: snapshot.poolPage([1, 2, 3], ['24h'], ORIGIN, cursors).toString(),
    };
  } finally {
    snapshot.close();
  }
}

opening('two served snapshots and a plain reader read one file at once', async () => {
  const path = await smallSnapshot();
  const first = openServedSnapshot(path);
  const second = openServedSnapshot(path);
  const reader = new Database(path, { readonly: true });
  try {
    const expected = reader.prepare('SELECT address FROM pools WHERE id = ?').pluck().get(DETAIL_ID) as string;
    for (const snapshot of [first, second]) {
      const detail = JSON.parse(snapshot.poolDetail(DETAIL_ID, [], ORIGIN).toString()) as { data: { address: string } };
      assert.is(detail.data.address, expected);
    }
    assert.is(reader.prepare('SELECT count(*) FROM pools').pluck().get(), first.poolCount);
  } finally {
    first.close();
    second.close();
    reader.close();
  }
});

opening('a copy some tool left in WAL mode opens and answers what the original does', async () => {
  const path = await smallSnapshot();
  const temp = tempDir();
  try {
    const copy = join(temp.dir, 'wal.sqlite');
    copyFileSync(path, copy);
    const writer = new Database(copy);
    assert.is(writer.pragma('journal_mode = WAL', { simple: true }), 'wal');
    writer.close();
    assert.is(readFileSync(copy)[18], 2, 'the copy is in WAL mode');
    assert.equal(answers(copy), answers(path));
  } finally {
    temp.remove();
  }
});

opening.run();
