import { AddressIndex, type AddressSource } from './address-index.js';
import { ADDRESS_AT, addressInHead, plainAddressLength } from '../pieces/piece-layout.js';
import { blockOf, firstBound, pieceText, type PieceStore } from '../render/piece-store.js';
import { RAW_FIRST_VALUE_AT, rawFirstLength } from '../render/packed-piece.js';
import type { PoolKeys } from '../format/pool-keys.js';

/**
 * What filters need of every pool, in typed arrays indexed by pool id (ids run 1..count): the two
 * tokens, the flag byte, the config, and lookups by address and by token. Loaded once when a snapshot opens.
 */
export interface PoolIndex {
  count: number;
  tokenA: Int32Array;
  tokenB: Int32Array;
  flags: Uint8Array;
  /** Pool `id`'s config, as an index that configIndex gives for its address. */
  config: Int32Array;
  /** The index of a config address, or undefined when no pool has that config. */
  configIndex(address: string): number | undefined;
  /** How many distinct configs the pools have. */
  configCount: number;
  /** The address of pool `id`. */
  addressOf(id: number): string;
  /** The id of the pool at `address`, or undefined. */
  idOf(address: string): number | undefined;
  /** Pool ids holding a token, ascending. */
  poolsOfToken(tokenId: number): Int32Array;
}

/**
 * Pool ids by token, in one array: token t's pools (ascending) are ids[starts[t]..starts[t + 1]).
 * One typed array rather than one per token: 20k small arrays would cost the heap more than their contents.
 */
function groupByToken(tokenA: Int32Array, tokenB: Int32Array, count: number): (token: number) => Int32Array {
  let maxToken = 0;
  for (let id = 1; id <= count; id++) maxToken = Math.max(maxToken, tokenA[id]!, tokenB[id]!);
  const starts = new Int32Array(maxToken + 2);
  for (let id = 1; id <= count; id++) {
    starts[tokenA[id]! + 1]!++;
    starts[tokenB[id]! + 1]!++;
  }
  for (let t = 1; t < starts.length; t++) starts[t]! += starts[t - 1]!;
  const ids = new Int32Array(2 * count);
  const filled = starts.slice(0, -1);
  for (let id = 1; id <= count; id++) {
    ids[filled[tokenA[id]!]!++] = id;
    ids[filled[tokenB[id]!]!++] = id;
  }
  return (token) =>
    token >= 0 && token <= maxToken ? ids.subarray(starts[token], starts[token + 1]) : ids.subarray(0, 0);
}

/** Pool `id`'s address decoded from its head, for the few a head does not hold as they are. */
function decodedAddress(pieces: PieceStore, id: number): Buffer {
  const head = Buffer.from(pieceText(pieces, id, 0));
  return Buffer.from(addressInHead(head, 0, head.length));
}

/**
 * Where each pool's address lies: in its head piece, found once per pool (its length kept, 0 for an
 * address decoded from escapes or packed, which is kept apart).
 */
function headAddresses(count: number, pieces: PieceStore): AddressSource {
  const lengths = new Uint16Array(count + 1);
  const decoded = new Map<number, Buffer>();
  // How many bytes of the address a head holds as they are, from `at`; below 1 when it holds it otherwise
  // (escaped, or packed but not raw). Allocates nothing: it runs for every pool as the snapshot opens.
  const [heldLength, at] = pieces.format.packed[0]
    ? [rawFirstLength, RAW_FIRST_VALUE_AT]
    : [plainAddressLength, ADDRESS_AT];
  for (let id = 1; id <= count; id++) {
    const slot = pieces.slotOf[id]!;
    const bounds = pieces.bounds[blockOf(slot)]!;
    const first = firstBound(pieces, slot);
    const length = heldLength(pieces.blocks[blockOf(slot)]!, bounds[first]!, bounds[first + 1]!);
    if (length > 0 && length <= 0xffff) lengths[id] = length;
    else decoded.set(id, decodedAddress(pieces, id));
  }
  const start = (id: number): number => {
    if (lengths[id] === 0) return 0;
    const slot = pieces.slotOf[id]!;
    return pieces.bounds[blockOf(slot)]![firstBound(pieces, slot)]! + at;
  };
  return {
    count,
    buffer: (id) => (lengths[id] === 0 ? decoded.get(id)! : pieces.buffers[blockOf(pieces.slotOf[id]!)]!),
    start,
    end: (id) => (lengths[id] === 0 ? decoded.get(id)!.length : start(id) + lengths[id]!),
  };
}

/** The pool index over the stored arrays (pool-keys.ts) and the addresses in the pools' heads (`pieces`). */
export function poolIndex(keys: PoolKeys, pieces: PieceStore): PoolIndex {
  const { count, tokenA, tokenB, flags, config } = keys;
  const index = new AddressIndex(headAddresses(count, pieces));
  const configs = new Map(keys.configs.map((address, i) => [address, i]));
  return {
    count,
    tokenA,
    tokenB,
    flags,
    config,
    configIndex: (address) => configs.get(address),
    configCount: configs.size,
    addressOf: (id) => index.addressOf(id),
    idOf: (address) => index.idOf(address),
    poolsOfToken: groupByToken(tokenA, tokenB, count),
  };
}
