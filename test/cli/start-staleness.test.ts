import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { staleReason } from '../../src/cli/default-snapshot.js';
import { GENERATOR_VERSION } from '../../src/generator/run/defaults.js';
import { smallSnapshot, tempDir } from '../helpers/snapshots.js';

/** `start` serves its default snapshot as it is, unless it is missing, unreadable or made by another generator. */
const stale = suite('start: when the default snapshot is made again');

stale('missing, current, another generator version, not a snapshot', async () => {
  const temp = tempDir();
  try {
    assert.is(staleReason(join(temp.dir, 'absent.sqlite')), 'generating the default snapshot');
    const current = join(temp.dir, 'current.sqlite');
    copyFileSync(await smallSnapshot(), current);
    assert.is(staleReason(current), null);
    const older = join(temp.dir, 'older.sqlite');
    copyFileSync(current, older);
    const db = new Database(older);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'generatorVersion'").run();
    db.close();
    assert.is(
      staleReason(older),
      `regenerating the default snapshot (made by generator version 0, now ${GENERATOR_VERSION})`,
    );
  } finally {
    temp.remove();
  }
});

stale.run();
