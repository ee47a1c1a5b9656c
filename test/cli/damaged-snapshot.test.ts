import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../helpers/cli.js';
import { runCliBounded } from '../helpers/run-cli-bounded.js';
import { seededRng, type Rng } from '../helpers/seeded-rng.js';
import { smallSnapshot, tempDir } from '../helpers/snapshots.js';

/**
 * A damaged copy of a snapshot is refused when it opens (what is cheap to see: row counts against the meta
 * table's facts, the pieces' blocks and layout) or named by `inspect --verify` (anything else): one line
 * naming the table, the row and what is wrong, and a non-zero exit, never a crash or a 500 later.
 */
const damaged = suite('damaged snapshots: serve refuses at open, inspect --verify names the table, row and fault');

interface Damage {
  name: string;
  /** Damages the copy at `path` and answers what the lines must say. */
  make(path: string, rng: Rng): { verify: RegExp; serve?: RegExp };
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs `change` on the copy with foreign keys off, as the sqlite3 shell edits a file. */
function edit<T>(path: string, change: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    db.pragma('foreign_keys = OFF');
    return change(db);
  } finally {
    db.close();
  }
}

/** The text columns whose form verify knows, with how a row of theirs is named (its primary key). */
const FORMED: { table: string; column: string; key: string[]; says: string }[] = [
  { table: 'pools', column: 'tvl_usdc', key: ['id'], says: 'a decimal string' },
  { table: 'pools', column: 'sqrt_price', key: ['id'], says: 'a whole number' },
  { table: 'pools', column: 'address', key: ['id'], says: 'an address' },
  { table: 'positions', column: 'liquidity', key: ['id'], says: 'a whole number' },
  { table: 'tokens', column: 'usd_price', key: ['id'], says: 'a decimal string' },
  { table: 'pool_stats', column: 'fees', key: ['pool_id', 'period'], says: 'a decimal string' },
  { table: 'locks', column: 'locked_percentage', key: ['pool_id', 'name'], says: 'a decimal string' },
  { table: 'rewards', column: 'emissions_per_second', key: ['pool_id', 'slot'], says: 'a decimal string' },
];

/** One character of a stored value, drawn by `rng`, made `?`: no decimal, whole number, address or JSON holds it. */
const flippedValue: Damage = {
  name: 'a character of a stored value',
  make(path, rng) {
    const { table, column, key, says } = FORMED[rng.int(0, FORMED.length - 1)]!;
    return edit(path, (db) => {
      const rows = db.prepare(`SELECT ${key.join(', ')}, ${column} AS value FROM ${table} ORDER BY ${key.join(', ')}`);
      const all = rows.all() as Record<string, string | number>[];
      const row = all[rng.int(0, all.length - 1)]!;
      const value = String(row.value);
      const at = rng.int(0, value.length - 1);
      const bad = `${value.slice(0, at)}?${value.slice(at + 1)}`;
      const where = key.map((k) => `${k} = ?`).join(' AND ');
      db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${where}`).run(bad, ...key.map((k) => row[k]));
      const name = key.map((k) => `${k} ${row[k]}`).join(', ');
      return {
        verify: new RegExp(`^table ${table} row ${escaped(name)}: ${column} is "${escaped(bad)}", not ${says}$`),
      };
    });
  },
};

/** One bit of a pool's `sqrtPrice` digits flipped in the file itself, where its bytes first stand. */
const flippedFileBit: Damage = {
  name: "a bit of a pool's sqrt price in the file's bytes",
  make(path, rng) {
    const pools = edit(path, (db) => db.prepare('SELECT id, address, sqrt_price FROM pools ORDER BY id').all()) as {
      id: number;
      address: string;
      sqrt_price: string;
    }[];
    const pool = pools[rng.int(0, pools.length - 1)]!;
    const bytes = readFileSync(path);
    const at = bytes.indexOf(Buffer.from(pool.sqrt_price)) + rng.int(0, pool.sqrt_price.length - 1);
    assert.ok(at >= 0, `pool ${pool.id}'s sqrt price is in the file`);
    bytes[at] = bytes[at]! ^ 0x40; // a digit becomes a letter
    writeFileSync(path, bytes);
    return { verify: new RegExp(`(pool ${pool.address}|table pools row id ${pool.id}\\b)`) };
  },
};

const CASES: Damage[] = [
  {
    name: 'half its pool rows deleted',
    make: (path) =>
      edit(path, (db) => {
        const before = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
        const after = before - db.prepare('DELETE FROM pools WHERE id % 2 = 0').run().changes;
        const line = `table pools holds ${after} rows, where its meta poolCount says ${before}`;
        return { verify: new RegExp(`^meta: ${line}$`), serve: new RegExp(`is damaged: ${line}`) };
      }),
  },
  {
    name: 'a third of its positions deleted',
    make: (path) =>
      edit(path, (db) => {
        const before = db.prepare('SELECT count(*) FROM positions').pluck().get() as number;
        const after = before - db.prepare('DELETE FROM positions WHERE id % 3 = 0').run().changes;
        const line = `table positions holds ${after} rows, where its meta positionCount says ${before}`;
        return { verify: new RegExp(`^meta: ${line}$`), serve: new RegExp(`is damaged: ${line}`) };
      }),
  },
  {
    name: 'a token row deleted',
    make: (path) =>
      edit(path, (db) => {
        const before = db.prepare('SELECT count(*) FROM tokens').pluck().get() as number;
        db.prepare('DELETE FROM tokens WHERE id = 3').run();
        const line = `table tokens holds ${before - 1} rows, where its meta tokenCount says ${before}`;
        return { verify: new RegExp(`^meta: ${line}$`), serve: new RegExp(`is damaged: ${line}`) };
      }),
  },
  {
    // The decimal verify once stopped on with `[DecimalError] Invalid argument: y30.087828`.
    name: 'a stats figure with a letter before it',
    make: (path) =>
      edit(path, (db) => {
        const value = db.prepare("SELECT volume FROM pool_stats WHERE pool_id = 6 AND period = '4h'").pluck().get();
        db.prepare("UPDATE pool_stats SET volume = 'y' || volume WHERE pool_id = 6 AND period = '4h'").run();
        const shown = escaped(`"y${String(value)}"`);
        return { verify: new RegExp(`^table pool_stats row pool_id 6, period 4h: volume is ${shown}, not a decimal`) };
      }),
  },
  {
    name: "a pool's live text row lost",
    make: (path) =>
      edit(path, (db) => {
        db.prepare('DELETE FROM upstream_pool_texts WHERE id = 4').run();
        return { verify: /table upstream_pool_texts holds row 5 where pool 4's is due/ };
      }),
  },
  {
    name: 'a bound of the held texts set back',
    make: (path) =>
      edit(path, (db) => {
        const bounds = db
          .prepare("SELECT bounds FROM held_items WHERE wire = 'spec' AND chunk = 0")
          .pluck()
          .get() as Buffer;
        bounds.writeUInt32LE(0, 4 * 40);
        db.prepare("UPDATE held_items SET bounds = ? WHERE wire = 'spec' AND chunk = 0").run(bounds);
        const line = 'held_items spec chunk 0 has bound 40 before the one ahead of it';
        return { verify: new RegExp(line), serve: new RegExp(line) };
      }),
  },
  {
    name: "a pool's item text cut by a character",
    make: (path) =>
      edit(path, (db) => {
        db.prepare('UPDATE spec_pool_texts SET item_end = substr(item_end, 2) WHERE id = 7').run();
        const address = db.prepare('SELECT address FROM pools WHERE id = 7').pluck().get() as string;
        return {
          verify: new RegExp(`^pool ${address}: stored spec item_end differs from its rows at character 0`, 'm'),
        };
      }),
  },
  {
    name: 'an order listing a pool that is not there',
    make: (path) =>
      edit(path, (db) => {
        const where = "resource = 'pools' AND sort_key = 'tvl' AND direction = 'desc'";
        const ids = db.prepare(`SELECT ids FROM sort_orders WHERE ${where}`).pluck().get() as Buffer;
        ids.writeInt32LE(9999, 8);
        db.prepare(`UPDATE sort_orders SET ids = ? WHERE ${where}`).run(ids);
        return { verify: /^pools order tvl desc: lists id 9999, which is no row of pools$/ };
      }),
  },
  ...[1, 2, 3, 4, 5, 6].map((seed) => ({ ...flippedValue, name: `${flippedValue.name} (seed ${seed})`, seed })),
  ...[1, 2].map((seed) => ({ ...flippedFileBit, name: `${flippedFileBit.name} (seed ${seed})`, seed })),
];

/** The lines a run printed, and whether any of them is a stack frame. */
function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

CASES.forEach((damage, i) => {
  const refused = damage.name.includes('deleted') || damage.name.includes('bound');
  damaged(
    `${damage.name}: inspect --verify names it and exits 1${refused ? ', serve refuses it at open' : ''}`,
    async () => {
      const temp = tempDir();
      try {
        const path = join(temp.dir, `damaged-${i}.sqlite`);
        copyFileSync(await smallSnapshot(), path);
        const expected = damage.make(path, seededRng(1000 + ((damage as { seed?: number }).seed ?? i)));
        const result = runCli(['inspect', path, '--verify']);
        const shown = `exit ${result.code}, stdout ${result.stdout.slice(-1500)}, stderr ${result.stderr.slice(0, 600)}`
          .split('\n')
          .join(' | ');
        assert.is(result.code, 1, shown);
        const output = [...linesOf(result.stdout), ...linesOf(result.stderr)];
        assert.not.ok(
          output.some((line) => /^\s+at /.test(line)),
          `a stack trace: ${shown}`,
        );
        const violations = output.filter((line) => line.startsWith('violation: ')).map((line) => line.slice(11));
        assert.ok(
          violations.some((line) => expected.verify.test(line)),
          `no violation line matches ${expected.verify}: ${shown}`,
        );
        assert.match(output.at(-1)!, /^verified \d+ pools: [1-9]\d* violations?$/, shown);
        if (!expected.serve) return;
        const served = await runCliBounded(['serve', '--snapshot', path, '--port', '0'], 20_000);
        const said = `exit ${served.code}, stdout ${served.stdout.slice(0, 300)}, stderr ${served.stderr}`;
        assert.not.ok(served.started, `serve started on it: ${said}`);
        assert.is(served.code, 1, said);
        const lines = linesOf(served.stderr);
        assert.is(lines.length, 1, said);
        assert.ok(lines[0]!.includes(basename(path)), `the line does not name the file: ${said}`);
        assert.match(lines[0]!, expected.serve, said);
      } finally {
        temp.remove();
      }
    },
  );
});

damaged.run();
