import { hash } from 'node:crypto';
import bs58 from 'bs58';
import { onCurve } from './curve-points.js';

/** The whirlpool program, under which every pool account's address is derived. */
export const WHIRLPOOL_PROGRAM = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';

const PROGRAM_BYTES = bs58.decode(WHIRLPOOL_PROGRAM);
const PDA_MARKER = Buffer.from('ProgramDerivedAddress');
const WHIRLPOOL_SEED = Buffer.from('whirlpool');

/** A program address and the bump that found it. */
export interface ProgramAddress {
  address: string;
  bump: number;
}

/**
 * The first program address of `seeds` under `program`: sha256(seeds, bump, program, "ProgramDerivedAddress")
 * for bumps from 255 down, the first hash that is not a curve point. Throws when none is (never seen).
 * @example findProgramAddress([Buffer.from('whirlpool'), …], WHIRLPOOL_PROGRAM).bump // 255, 254, …
 */
export function findProgramAddress(seeds: readonly Uint8Array[], program: string = WHIRLPOOL_PROGRAM): ProgramAddress {
  const programBytes = program === WHIRLPOOL_PROGRAM ? PROGRAM_BYTES : bs58.decode(program);
  // One buffer hashed at once, its bump byte changed in place: a hash object and five updates a bump cost more.
  const input = Buffer.concat([...seeds, Uint8Array.of(0), programBytes, PDA_MARKER]);
  const bumpAt = input.length - programBytes.length - PDA_MARKER.length - 1;
  for (let bump = 255; bump >= 0; bump--) {
    input[bumpAt] = bump;
    const digest = hash('sha256', input, 'buffer');
    if (!onCurve(digest)) return { address: bs58.encode(digest), bump };
  }
  throw new Error('no bump gives a program address for these seeds');
}

/** Configs and mints decoded once: a generated market has a few thousand, each in many pools. */
const decoded = new Map<string, Uint8Array>();
const MOST_DECODED = 1 << 16;

function addressBytes(address: string): Uint8Array {
  let bytes = decoded.get(address);
  if (bytes === undefined) {
    if (decoded.size >= MOST_DECODED) decoded.clear();
    bytes = bs58.decode(address);
    decoded.set(address, bytes);
  }
  return bytes;
}

/**
 * A pool's address as the whirlpool program derives it: seeds "whirlpool", the config, mint A, mint B and the
 * fee tier index as two bytes, little-endian (the `tickSpacingSeed`).
 * @example whirlpoolAddress('2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ',
 *   'So11111111111111111111111111111111111111112', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 4)
 * // { address: 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE', bump: 255 }
 */
export function whirlpoolAddress(config: string, mintA: string, mintB: string, feeTierIndex: number): ProgramAddress {
  const seed = Buffer.alloc(2);
  seed.writeUInt16LE(feeTierIndex);
  return findProgramAddress([WHIRLPOOL_SEED, addressBytes(config), addressBytes(mintA), addressBytes(mintB), seed]);
}
