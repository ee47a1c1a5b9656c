import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { recordSnapshot } from '../../src/record/record-snapshot.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { withServer } from '../helpers/server.js';
import { smallSnapshot, tempDir } from '../helpers/snapshots.js';

const derived = suite(
  "record from a source of the spec's dialect: the live dialect's fields are derived from what it serves",
);

type Row = Record<string, string | number | null>;

/** Records a clmm-mock serving the small snapshot; the rows of both files, table by table. */
async function recordMock(): Promise<{
  source: Database.Database;
  copy: Database.Database;
  out: string;
  remove: () => void;
}> {
  const temp = tempDir();
  const out = join(temp.dir, 'derived.sqlite');
  await withServer({ snapshot: smallSnapshot }, async ({ server }) => {
    await recordSnapshot({ from: server.url, out });
  });
  const source = new Database(await smallSnapshot(), { readonly: true });
  const copy = new Database(out, { readonly: true });
  return { source, copy, out, remove: temp.remove };
}

derived(
  "pools: the source pool's derived bump, seed from the fee tier index, a flat week, no deltas, trading from the start",
  async () => {
    const { source, copy, remove } = await recordMock();
    try {
      const sources = new Map((source.prepare('SELECT * FROM pools').all() as Row[]).map((p) => [p.address, p]));
      for (const p of copy.prepare('SELECT * FROM pools').all() as Row[]) {
        const detail = JSON.parse(`{${(p.detail_json as string).slice(1)}}`) as Row;
        const fti = p.fee_tier_index as number;
        const day = copy
          .prepare("SELECT yield_over_tvl FROM pool_stats WHERE pool_id = ? AND period = '24h'")
          .pluck()
          .get(p.id) as string;
        assert.equal(
          [p.whirlpool_bump, p.tick_spacing_seed, p.reward_last_updated, p.write_version, p.address_lookup_table],
          [
            sources.get(p.address)!.whirlpool_bump,
            `[${fti % 256},${Math.floor(fti / 256)}]`,
            // The source's updatedAt to the second: kept with six zeros, the rewards' timestamp to the second.
            (detail.updatedAt as string).replace('.000000Z', 'Z'),
            detail.updatedSlot,
            null,
          ],
          p.address as string,
        );
        assert.is(p.trade_enable_timestamp, '1970-01-01T00:00:00Z');
        assert.is(p.price_history_7d, JSON.stringify(new Array(14).fill(sources.get(p.address)!.price)));
        assert.is(p.yield_over_tvl, day);
      }
      const [deltas] = copy
        .prepare(
          'SELECT count(*) FROM pool_stats WHERE coalesce(volume_delta, fees_delta, rewards_delta, ' +
            'yield_over_tvl_delta, tvl_delta, price_delta) IS NOT NULL',
        )
        .raw()
        .get() as number[];
      assert.is(deltas, 0);
    } finally {
      source.close();
      copy.close();
      remove();
    }
  },
);

derived(
  "tokens: no authorities, supply 0 but the exchange token's total, empty extensions per tag, read at asOf",
  async () => {
    const { copy, out, remove } = await recordMock();
    try {
      const asOf = copy.prepare("SELECT value FROM meta WHERE key = 'asOf'").pluck().get() as string;
      const exchange = copy.prepare('SELECT token_id, total_supply, json FROM exchange_token').get() as {
        token_id: number;
        total_supply: string;
        json: string;
      };
      // 432,000 slots of 456.5 ms from genesis (2020-03-16T14:29:00Z): the live chain's epochs.
      const epoch = Math.floor((Date.parse(asOf) - Date.UTC(2020, 2, 16, 14, 29)) / 197_226_000);
      for (const t of copy.prepare('SELECT * FROM tokens').all() as Row[]) {
        const isExchange = t.id === exchange.token_id;
        const tags = t.tags === '' ? [] : (t.tags as string).split(',');
        const [whole, fraction] = exchange.total_supply.split('.') as [string, string];
        const supply = isExchange ? BigInt(whole + fraction.padEnd(t.decimals as number, '0')).toString() : '0';
        assert.equal(
          [t.mint_authority, t.freeze_authority, t.supply, t.is_initialized, t.extensions],
          [null, null, supply, 1, JSON.stringify(Object.fromEntries(tags.map((tag) => [tag, {}])))],
          t.address as string,
        );
        assert.equal(
          [t.updated_at, t.updated_epoch, t.coingecko_id, t.risk],
          [asOf.replace('Z', '.000000Z'), epoch, null, t.verified === 1 ? 1 : 3],
        );
        assert.is(
          t.description,
          isExchange ? (JSON.parse(exchange.json) as { description: string }).description : null,
        );
      }
      const db = openSnapshot(out);
      try {
        assert.equal(verifySnapshot(db).messages, []);
      } finally {
        db.close();
      }
    } finally {
      copy.close();
      remove();
    }
  },
);

derived.run();
