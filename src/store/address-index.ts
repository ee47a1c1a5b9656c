import { fnv1a } from './fnv1a.js';

/**
 * Addresses by id and ids by address, held off the JS heap: the bytes of every address back to
 * back and an open-addressing table of ids. A Map and 100k strings would cost the heap about 9 MB,
 * which the garbage collector then keeps about twice over; this costs 6 MB outside it.
 * @example const index = AddressIndex.of(['So11…', 'EPjF…']); index.idOf('EPjF…') // 2
 */
export class AddressIndex {
  private readonly bytes: Buffer;
  /** ends[id]: where address `id` ends in `bytes`; it starts where `id - 1` ends. */
  private readonly ends: Uint32Array;
  /** Ids by hash, 0 for an empty slot; a power of two at least twice the count, probed linearly. */
  private readonly slots: Int32Array;
  private filled = 0;

  /**
   * An index for `count` addresses of `bytes` UTF-8 bytes in all, filled by `add` in id order: the
   * caller streams them in, so no array of 100k strings outlives the loading.
   */
  constructor(count: number, bytes: number) {
    this.bytes = Buffer.alloc(bytes);
    this.ends = new Uint32Array(count + 1);
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * count + 2)));
  }

  /** Builds an index of `addresses`, where `addresses[i]` is the address of id `i + 1`. */
  static of(addresses: readonly string[]): AddressIndex {
    const index = new AddressIndex(addresses.length, addresses.reduce((sum, a) => sum + Buffer.byteLength(a), 0));
    addresses.forEach((address, i) => index.add(i + 1, address));
    return index;
  }

  /** Adds the address of `id`; ids must come as 1, 2, 3… */
  add(id: number, address: string): void {
    if (id !== this.filled + 1 || id >= this.ends.length) throw new RangeError(`address id ${id} out of order: expected ${this.filled + 1} of ${this.ends.length - 1}`);
    const start = this.ends[id - 1]!;
    if (this.bytes.length - start < Buffer.byteLength(address)) throw new RangeError(`address ${id} does not fit: the index was sized for fewer bytes`);
    this.ends[id] = start + this.bytes.write(address, start);
    this.filled = id;
    let slot = this.home(address);
    while (this.slots[slot] !== 0) slot = (slot + 1) & (this.slots.length - 1);
    this.slots[slot] = id;
  }

  /** The address of `id` (1..count). */
  addressOf(id: number): string {
    return this.bytes.toString('utf8', this.ends[id - 1], this.ends[id]);
  }

  /** The id of `address`, or undefined when no pool has it. */
  idOf(address: string): number | undefined {
    for (let slot = this.home(address); ; slot = (slot + 1) & (this.slots.length - 1)) {
      const id = this.slots[slot]!;
      if (id === 0) return undefined;
      if (this.addressOf(id) === address) return id;
    }
  }

  private home(address: string): number {
    return fnv1a(address) & (this.slots.length - 1);
  }
}
