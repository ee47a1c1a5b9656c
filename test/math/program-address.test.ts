import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { getWhirlpoolAddress } from '@orca-so/whirlpools-client';
import { address as kitAddress } from '@solana/kit';
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { whirlpoolAddress, WHIRLPOOL_PROGRAM } from '../../src/math/program-address.js';
import { seededRng } from '../helpers/seeded-rng.js';

const MAIN_CONFIG = '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Against the official client's derivation (@orca-so/whirlpools-client, a dev dependency). */
const derivation = suite('whirlpoolAddress: as the official client derives it');

derivation('SOL/USDC, tick spacing 4, on the main config: the address apps hard-code', () => {
  assert.equal(whirlpoolAddress(MAIN_CONFIG, SOL, USDC, 4), {
    address: 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE',
    bump: 255,
  });
});

derivation('300 random mints and fee tier indexes: the same address and bump as getWhirlpoolAddress', async () => {
  const random = seededRng(27);
  const mint = (): string => bs58.encode(createHash('sha256').update(String(random.next())).digest());
  const deployment = { programId: kitAddress(WHIRLPOOL_PROGRAM), configAddress: kitAddress(MAIN_CONFIG) };
  const bumps = new Set<number>();
  for (let i = 0; i < 300; i++) {
    const [a, b, index] = [mint(), mint(), random.int(0, 65535)];
    const [expected, bump] = await getWhirlpoolAddress(kitAddress(a), kitAddress(b), index, deployment);
    assert.equal(whirlpoolAddress(MAIN_CONFIG, a, b, index), { address: expected, bump }, `${a} ${b} ${index}`);
    bumps.add(bump);
  }
  // About half the seeds need a lower bump than 255: the search itself is exercised, not only its first step.
  assert.ok(bumps.size >= 4, `bumps seen: ${[...bumps].join(', ')}`);
});

derivation.run();
