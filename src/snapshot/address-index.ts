import { packTexts } from './stored-arrays.js';
import { fnv1aBytes, fnv1aUtf8 } from './fnv1a.js';

/**
 * Addresses by id and ids by address, held off the JS heap: the UTF-8 bytes of every address back
 * to back (as the snapshot stores them, pool-keys.ts) and an open-addressing table of ids. A Map and
 * 100k strings would cost the heap about 9 MB, which the garbage collector then keeps about twice over.
 * @example const index = AddressIndex.of(['So11…', 'EPjF…']); index.idOf('EPjF…') // 2
 */
export class AddressIndex {
  /** Ids by hash, 0 for an empty slot; a power of two at least twice the count, probed linearly. */
  private readonly slots: Int32Array;

  /** `bytes`: every address back to back; address `id` (1..count) ends at ends[id], ends[0] = 0. */
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
  ) {
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * ends.length)));
    for (let id = 1; id < ends.length; id++) {
      let slot = fnv1aBytes(bytes, ends[id - 1]!, ends[id]!) & (this.slots.length - 1);
      while (this.slots[slot] !== 0) slot = (slot + 1) & (this.slots.length - 1);
      this.slots[slot] = id;
    }
  }

  /** An index of `addresses`, where `addresses[i]` is the address of id `i + 1`. */
  static of(addresses: readonly string[]): AddressIndex {
    const { bytes, ends } = packTexts(addresses);
    return new AddressIndex(bytes, ends);
  }

  /** The address of `id` (1..count). */
  addressOf(id: number): string {
    return this.bytes.toString('utf8', this.ends[id - 1], this.ends[id]);
  }

  /** The id of `address`, or undefined when no pool has it. */
  idOf(address: string): number | undefined {
    for (let slot = fnv1aUtf8(address) & (this.slots.length - 1); ; slot = (slot + 1) & (this.slots.length - 1)) {
      const id = this.slots[slot]!;
      if (id === 0) return undefined;
      if (this.addressOf(id) === address) return id;
    }
  }
}
