import * as core from '@orca-so/whirlpools-core';
import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshotFor } from '../helpers/snapshots.js';

// Checks written against the reference implementation and plain string arithmetic, not the
// project's math module, so a shared mistake in src cannot make both sides agree.
const reference = suite('generate: pools agree with @orca-so/whirlpools-core');

interface Row {
  id: number;
  address: string;
  tick_spacing: number;
  liquidity: string;
  sqrt_price: string;
  tick_current_index: number;
  balance_a_raw: string;
  balance_b_raw: string;
  token_balance_a: string;
  token_balance_b: string;
  decimals_a: number;
  decimals_b: number;
  price: string;
}

const scaled = (raw: string, decimals: number): string => {
  if (decimals === 0) return raw;
  const padded = raw.padStart(decimals + 1, '0');
  return `${padded.slice(0, padded.length - decimals)}.${padded.slice(-decimals)}`;
};

reference('ticks, positions, liquidity, balances and price of every pool', async () => {
  const db = new Database(await snapshotFor(5, 320, 120), { readonly: true });
  try {
    const pools = db
      .prepare(
        `SELECT p.*, a.decimals AS decimals_a, b.decimals AS decimals_b FROM pools p
      JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b`,
      )
      .all() as Row[];
    const positions = db.prepare('SELECT * FROM positions WHERE pool_id = ?');
    assert.is(pools.length, 320);
    let checkedPositions = 0;
    for (const pool of pools) {
      const sqrtPrice = BigInt(pool.sqrt_price);
      assert.is(core.sqrtPriceToTickIndex(sqrtPrice), pool.tick_current_index, pool.address);
      let liquidity = 0n,
        a = 0n,
        b = 0n;
      for (const p of positions.all(pool.id) as {
        tick_lower: number;
        tick_upper: number;
        liquidity: string;
        amount_a: string;
        amount_b: string;
      }[]) {
        assert.ok(
          p.tick_lower % pool.tick_spacing === 0 && p.tick_upper % pool.tick_spacing === 0,
          `${pool.address} bounds on spacing`,
        );
        assert.ok(
          core.isTickIndexInBounds(p.tick_lower) &&
            core.isTickIndexInBounds(p.tick_upper) &&
            p.tick_lower < p.tick_upper,
        );
        const quote = core.increaseLiquidityQuote(BigInt(p.liquidity), 0, sqrtPrice, p.tick_lower, p.tick_upper);
        assert.is(p.amount_a, quote.tokenEstA.toString(), `${pool.address} position amount A`);
        assert.is(p.amount_b, quote.tokenEstB.toString(), `${pool.address} position amount B`);
        if (p.tick_lower <= pool.tick_current_index && pool.tick_current_index < p.tick_upper)
          liquidity += BigInt(p.liquidity);
        a += quote.tokenEstA;
        b += quote.tokenEstB;
        checkedPositions++;
      }
      assert.is(pool.liquidity, liquidity.toString(), `${pool.address} liquidity`);
      assert.is(pool.token_balance_a, scaled(a.toString(), pool.decimals_a), `${pool.address} balance A`);
      assert.is(pool.token_balance_b, scaled(b.toString(), pool.decimals_b), `${pool.address} balance B`);
      assert.match(pool.price, /^\d+\.\d{20}$/);
      const expected = core.sqrtPriceToPrice(sqrtPrice, pool.decimals_a, pool.decimals_b);
      const served = new Decimal(pool.price);
      if (expected > 1e-12)
        assert.ok(served.div(expected).minus(1).abs().lt(1e-9), `${pool.address} price ${pool.price} vs ${expected}`);
    }
    assert.ok(checkedPositions > 500, `only ${checkedPositions} positions`);
  } finally {
    db.close();
  }
});

reference.run();
