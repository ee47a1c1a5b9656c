import { packTexts } from '../pieces/stored-arrays.js';
import { fnv1aBytes, fnv1aUtf8 } from './fnv1a.js';

/** Where each address lies: address `id` (1..count) is buffer(id)[start(id)..end(id)), UTF-8. */
export interface AddressSource {
  count: number;
  buffer(id: number): Buffer;
  start(id: number): number;
  end(id: number): number;
}

/**
 * Ids by address, held off the JS heap: an open-addressing table of ids over addresses that live
 * elsewhere (a pool's in its head piece: pool-index.ts), read in place. A Map and 100k strings would
 * cost the heap about 9 MB, which the garbage collector then keeps about twice over.
 * @example const index = AddressIndex.of(['So11…', 'EPjF…']); index.idOf('EPjF…') // 2
 */
export class AddressIndex {
  /**
   * Two numbers a slot: the id (0 for an empty slot) and its address's hash. Slots are a power of two
   * at least twice the count, probed linearly. The hash beside the id spares a probe that does not
   * match a look at the address, which lies elsewhere in memory: a cache miss or more per probe.
   */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(private readonly source: AddressSource) {
    this.mask = 2 ** Math.ceil(Math.log2(2 * (source.count + 1))) - 1;
    this.slots = new Int32Array(2 * (this.mask + 1));
    for (let id = 1; id <= source.count; id++) {
      const hash = fnv1aBytes(source.buffer(id), source.start(id), source.end(id)) | 0;
      let slot = hash & this.mask;
      while (this.slots[2 * slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = id;
      this.slots[2 * slot + 1] = hash;
    }
  }

  /** An index of `addresses`, where `addresses[i]` is the address of id `i + 1`. */
  static of(addresses: readonly string[]): AddressIndex {
    const { bytes, ends } = packTexts(addresses);
    return new AddressIndex({
      count: addresses.length,
      buffer: () => bytes,
      start: (id) => ends[id - 1]!,
      end: (id) => ends[id]!,
    });
  }

  /** The address of `id` (1..count). */
  addressOf(id: number): string {
    return this.source.buffer(id).toString('utf8', this.source.start(id), this.source.end(id));
  }

  /** The id of `address`, or undefined when no pool has it. */
  idOf(address: string): number | undefined {
    const hash = fnv1aUtf8(address) | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot]!;
      if (id === 0) return undefined;
      if (this.slots[2 * slot + 1] === hash && this.holds(id, address)) return id;
    }
  }

  /**
   * Whether id's address is `address`, compared in place: a detail request pays for no string of the
   * stored bytes. ASCII (every base58 address) is compared unit by unit, other text as a string.
   */
  private holds(id: number, address: string): boolean {
    const bytes = this.source.buffer(id);
    const start = this.source.start(id);
    const length = this.source.end(id) - start;
    for (let i = 0; i < address.length; i++) {
      const code = address.charCodeAt(i);
      if (code > 0x7f) return this.addressOf(id) === address;
      if (i >= length || bytes[start + i] !== code) return false;
    }
    return length === address.length;
  }
}
