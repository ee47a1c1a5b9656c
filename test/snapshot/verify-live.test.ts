import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { rewriteText } from '../helpers/rewrite-text.js';
import { snapshotFor, tempDir } from '../helpers/snapshots.js';

const AS_OF = '2025-03-04T05:06:07Z';
const source = (): Promise<string> => snapshotFor(11, 60, 40, { asOf: AS_OF });

/** The rows the cases corrupt: a trading whirlpool, a classic token, the exchange token. */
interface Picked {
  pool: {
    id: number;
    address: string;
    price: string;
    detail_json: string;
    price_history_7d: string;
    whirlpool_bump: string;
  };
  token: { id: number; address: string };
  exchange: { id: number; address: string };
}

function pick(db: Database.Database): Picked {
  const pool = db
    .prepare(
      'SELECT p.id, p.address, p.price, p.detail_json, p.price_history_7d, p.whirlpool_bump ' +
        'FROM pools p JOIN pool_stats s ON s.pool_id = p.id ' +
        "WHERE p.pool_type = 'whirlpool' AND s.period = '30d' AND s.fees != '0' ORDER BY p.id LIMIT 1",
    )
    .get() as Picked['pool'];
  const token = db.prepare("SELECT id, address FROM tokens WHERE tags = '' ORDER BY id DESC LIMIT 1").get();
  const exchange = db.prepare('SELECT t.id, t.address FROM exchange_token e JOIN tokens t ON t.id = e.token_id').get();
  return { pool, token, exchange } as Picked;
}

/** A copy of the snapshot with `corrupt` applied, verified: the violation messages. */
async function violationsAfter(corrupt: (db: Database.Database, p: Picked) => void): Promise<string[]> {
  const { dir, remove } = tempDir();
  try {
    const copy = join(dir, 'corrupt.sqlite');
    copyFileSync(await source(), copy);
    const db = new Database(copy);
    corrupt(db, pick(db));
    db.close();
    const read = openSnapshot(copy);
    try {
      return verifySnapshot(read).messages;
    } finally {
      read.close();
    }
  } finally {
    remove();
  }
}

const setPool = (column: string, value: string | number) => (db: Database.Database, p: Picked) =>
  db.prepare(`UPDATE pools SET ${column} = ? WHERE id = ?`).run(value, p.pool.id);
const setToken =
  (column: string, value: string | number, which: 'token' | 'exchange' = 'token') =>
  (db: Database.Database, p: Picked) =>
    db.prepare(`UPDATE tokens SET ${column} = ? WHERE id = ?`).run(value, p[which].id);
const setDayStat = (column: string, value: string) => (db: Database.Database, p: Picked) =>
  db.prepare(`UPDATE pool_stats SET ${column} = ? WHERE pool_id = ? AND period = '24h'`).run(value, p.pool.id);
/** Rewrites one field of the pool's detail (docs/api.md §5.3), where it is stored and where it is served. */
const setDetail = (field: string, value: string) => (db: Database.Database, p: Picked) => {
  const edit = (text: string): string => text.replace(new RegExp(`"${field}":"[^"]*"`), `"${field}":"${value}"`);
  db.prepare('UPDATE pools SET detail_json = ? WHERE id = ?').run(edit(p.pool.detail_json), p.pool.id);
  rewriteText(db, 'spec', p.pool.id, 'detail_end', edit);
};
const history = (edit: (prices: string[]) => string[]) => (db: Database.Database, p: Picked) =>
  setPool('price_history_7d', JSON.stringify(edit(JSON.parse(p.pool.price_history_7d) as string[])))(db, p);

type Case = [what: string, corrupt: (db: Database.Database, p: Picked) => unknown, expected: (p: Picked) => string];

/** Rewrites the live detail's history only: what the live dialect serves no longer says what is stored. */
const servedHistory = (db: Database.Database, p: Picked): unknown =>
  rewriteText(db, 'upstream', p.pool.id, 'detail_end', (text) =>
    text.replace(/"priceHistory7d":\["[^"]*"/, '"priceHistory7d":["9.00000000000000000000"'),
  );

/** The pool's detail fields with the last digit of its slot changed. */

const CASES: Case[] = [
  ['live detail serving another history', servedHistory, (p) => `pool ${p.pool.address}: live priceHistory7d is [`],
  [
    'spec detail serving another slot',
    (db, p) =>
      rewriteText(db, 'spec', p.pool.id, 'detail_end', (text) =>
        text.replace(/"updatedSlot":(\d+)/, (_, slot: string) => `"updatedSlot":${Number(slot) + 1}`),
      ),
    (p) => `pool ${p.pool.address}: stored spec detail_end differs from its rows at character`,
  ],
  [
    'bump out of a byte',
    setPool('whirlpool_bump', '[256]'),
    (p) => `pool ${p.pool.address}: whirlpoolBump [256] is not one byte`,
  ],
  [
    'two bumps',
    setPool('whirlpool_bump', '[255,254]'),
    (p) => `pool ${p.pool.address}: whirlpoolBump [255,254] is not one byte`,
  ],
  [
    'seed not the fee tier index',
    setPool('tick_spacing_seed', '[0,9]'),
    (p) => `pool ${p.pool.address}: tickSpacingSeed is [0,9], expected`,
  ],
  [
    'fractional write version',
    setPool('write_version', 1.5),
    (p) => `pool ${p.pool.address}: writeVersion 1.5 is not a non-negative integer`,
  ],
  [
    'lookup table not an address',
    setPool('address_lookup_table', 'O0Il'),
    (p) => `pool ${p.pool.address}: addressLookupTable O0Il is not an address`,
  ],
  [
    'reward update after the pool',
    setPool('reward_last_updated', '2025-03-04T05:06:07Z'),
    (p) => `pool ${p.pool.address}: rewardLastUpdatedTimestamp is after updatedAt`,
  ],
  [
    'reward update with milliseconds',
    setPool('reward_last_updated', '2025-03-01T00:00:00.5Z'),
    (p) => `pool ${p.pool.address}: rewardLastUpdatedTimestamp 2025-03-01T00:00:00.5Z is not an instant to the second`,
  ],
  [
    'trading enabled after asOf',
    setPool('trade_enable_timestamp', '2030-01-01T00:00:00Z'),
    (p) => `pool ${p.pool.address}: tradeEnableTimestamp is after asOf`,
  ],
  [
    'trading enable time on a whirlpool',
    setPool('trade_enable_timestamp', '2025-01-01T00:00:00Z'),
    (p) => `pool ${p.pool.address}: tradeEnableTimestamp 2025-01-01T00:00:00Z for a whirlpool pool`,
  ],
  [
    'history of 13 prices',
    history((h) => h.slice(1)),
    (p) => `pool ${p.pool.address}: priceHistory7d holds 13 prices, not 14`,
  ],
  [
    'history ending elsewhere',
    history((h) => [...h.slice(0, -1), '1.00000000000000000000']),
    (p) => `pool ${p.pool.address}: last price of priceHistory7d is 1.00000000000000000000, expected ${p.pool.price}`,
  ],
  [
    'history not JSON',
    setPool('price_history_7d', '[1.5,'),
    // Not JSON at all: the stored value's form is named, by table and row (docs/snapshot-format.md §4.2).
    (p) => `table pools row id ${p.pool.id}: price_history_7d is "[1.5,", not JSON`,
  ],
  [
    'yield not the 24h one',
    setPool('yield_over_tvl', '0.5'),
    (p) => `pool ${p.pool.address}: yieldOverTvl (the 24h one) is 0.5, expected`,
  ],
  [
    'delta of -1',
    setDayStat('volume_delta', '-1'),
    (p) => `pool ${p.pool.address} stats 24h: volumeDelta -1 is not null nor a decimal above -1`,
  ],
  [
    'delta not a decimal',
    setDayStat('fees_delta', '1e3'),
    (p) => `table pool_stats row pool_id ${p.pool.id}, period 24h: fees_delta is "1e3", not a decimal string`,
  ],
  [
    "24h price change not the history's",
    setDayStat('price_delta', '0.5'),
    (p) => `pool ${p.pool.address} stats 24h: priceDelta (from priceHistory7d) is 0.5, expected`,
  ],
  [
    'negative fee growth',
    setDetail('feeGrowthGlobalB', '-7'),
    (p) => `pool ${p.pool.address}: feeGrowthGlobalB -7 is not a non-negative integer string`,
  ],
  [
    'fees owed beyond the 30d share',
    setDetail('protocolFeeOwedA', '9'.repeat(30)),
    (p) => `pool ${p.pool.address}: protocolFeeOwedA ${'9'.repeat(30)} exceeds the protocol's share of 30d fees`,
  ],
  [
    'pool updated after asOf',
    setDetail('updatedAt', '2025-03-04T05:06:08.000001Z'),
    (p) => `pool ${p.pool.address}: updatedAt is after asOf`,
  ],
  [
    'fractional supply',
    setToken('supply', '1.5'),
    (p) => `token ${p.token.address}: supply 1.5 is not a non-negative integer string`,
  ],
  [
    'mint authority not an address',
    setToken('mint_authority', 'nope'),
    (p) => `token ${p.token.address}: mintAuthority nope is not an address`,
  ],
  [
    'extensions an array',
    setToken('extensions', '[]'),
    (p) => `token ${p.token.address}: extensions [] is not a JSON object`,
  ],
  [
    'an extension without its tag',
    setToken('extensions', '{"transferHook":{}}'),
    (p) => `token ${p.token.address}: extensions (keys as the tags) is transferHook, expected `,
  ],
  [
    'epoch after asOf',
    setToken('updated_epoch', 5000),
    (p) => `token ${p.token.address}: updatedEpoch 5000 is after asOf's epoch `,
  ],
  [
    'read after asOf',
    setToken('updated_at', '2025-03-04T05:06:07.000001Z'),
    (p) => `token ${p.token.address}: updatedAt is after asOf`,
  ],
  [
    "epoch not the read's",
    setToken('updated_epoch', 3),
    (p) => `token ${p.token.address}: updatedEpoch (of updatedAt) is 3, expected `,
  ],
  ['risk out of range', setToken('risk', 9), (p) => `token ${p.token.address}: risk 9 is not an integer 1–5`],
  [
    'exchange supply not its total',
    setToken('supply', '1', 'exchange'),
    () => 'exchange token: mint supply (total supply in base units) is 1, expected',
  ],
];

const corrupted = suite('verify: a corrupted live-dialect field is named (docs/snapshot-format.md §4.1)');

corrupted('the untouched snapshot verifies', async () => {
  assert.equal(await violationsAfter(() => undefined), []);
});

for (const [what, corrupt, expected] of CASES) {
  corrupted(what, async () => {
    let want = '';
    const messages = await violationsAfter((db, p) => {
      want = expected(p);
      corrupt(db, p);
    });
    assert.ok(
      messages.some((m) => m.startsWith(want)),
      `no violation starting '${want}' in:\n${messages.join('\n')}`,
    );
  });
}

corrupted.run();

const recorded = suite(
  "verify: a recorded snapshot is held to the form of its live fields, not to the generator's model",
);

recorded('a history that does not end at the price passes; a bump out of a byte does not', async () => {
  let address = '';
  let bump = '';
  const messages = await violationsAfter((db, p) => {
    address = p.pool.address;
    bump = p.pool.whirlpool_bump;
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('source', 'recorded from http://x.invalid')").run();
    // The history changed where it is served too (the live detail), so that served and stored agree.
    const edited = JSON.stringify([
      ...(JSON.parse(p.pool.price_history_7d) as string[]).slice(1),
      '1.00000000000000000000',
    ]);
    rewriteText(db, 'upstream', p.pool.id, 'detail_end', (text) =>
      text.replace(`"priceHistory7d":${p.pool.price_history_7d}`, `"priceHistory7d":${edited}`),
    );
    setPool('price_history_7d', edited)(db, p);
    setPool('whirlpool_bump', '[256]')(db, p);
  });
  // The bump changed in its column only: the served text still says the derived one, which verify names too.
  assert.equal(messages, [
    `pool ${address}: whirlpoolBump [256] is not one byte`,
    `pool ${address}: stored upstream head differs from its rows at character 143: ` +
      `",\\"whirlpoolBump\\":[253],\\"tickSpacing\\":1,\\"", ` +
      `expected ",\\"whirlpoolBump\\":[256],\\"tickSpacing\\":1,\\""`,
    `pool ${address}: live whirlpoolBump is ${bump}, expected [256]`,
  ]);
});

recorded.run();
