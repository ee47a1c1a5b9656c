import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADAPTIVE_FEE_TIERS } from '../../src/math/fee-tiers.js';
import { whirlpoolAddress } from '../../src/math/program-address.js';
import { capture } from '../helpers/captures.js';

interface CapturedPool {
  address: string;
  whirlpoolsConfig: string;
  whirlpoolBump: number[];
  tickSpacing: number;
  tickSpacingSeed: number[];
  tokenMintA: string;
  tokenMintB: string;
  feeTierIndex: number;
  adaptiveFeeEnabled: boolean;
}

/** Pool addresses are the chain's: each captured pool sits where the whirlpool program derives it. */
const derived = suite('every captured pool is at the address and bump the program derives');

derived('the 50 pools of the captured listing: address and bump from config, mints and fee tier index', () => {
  const pools = capture('pools-list-data.json') as CapturedPool[];
  assert.is(pools.length, 50);
  for (const p of pools) {
    const seed = p.tickSpacingSeed[0]! + 256 * p.tickSpacingSeed[1]!;
    assert.is(seed, p.feeTierIndex, `${p.address}: tickSpacingSeed is the fee tier index`);
    const got = whirlpoolAddress(p.whirlpoolsConfig, p.tokenMintA, p.tokenMintB, seed);
    assert.equal(got, { address: p.address, bump: p.whirlpoolBump[0] }, p.address);
  }
});

derived("adaptive-fee pools: the fee tier index is the capture's, not 1024 + the tick spacing", () => {
  const pools = capture('pools-list-data.json') as CapturedPool[];
  const adaptive = pools.filter((p) => p.adaptiveFeeEnabled);
  assert.ok(adaptive.length >= 4);
  for (const p of adaptive) assert.is(ADAPTIVE_FEE_TIERS.get(p.tickSpacing), p.feeTierIndex, p.address);
  for (const p of pools.filter((q) => !q.adaptiveFeeEnabled)) assert.is(p.feeTierIndex, p.tickSpacing, p.address);
});

derived('the detail captures too', () => {
  for (const file of ['pool-CeaZ.json', 'pool-Hp53-data.json']) {
    const body = capture(file) as { data?: CapturedPool } & CapturedPool;
    const p = body.data ?? body;
    const got = whirlpoolAddress(p.whirlpoolsConfig, p.tokenMintA, p.tokenMintB, p.feeTierIndex);
    assert.equal(got, { address: p.address, bump: p.whirlpoolBump[0] }, file);
  }
});

derived.run();
