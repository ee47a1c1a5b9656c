import { packTexts } from './stored-arrays.js';
import { fnv1aBytes, fnv1aUtf8 } from './fnv1a.js';

/**
 * Ids by address, held off the JS heap: an open-addressing table of ids over addresses that live
 * elsewhere, read through `bytesOf` (a pool's in its head piece: pool-index.ts). A Map and 100k
 * strings would cost the heap about 9 MB, which the garbage collector then keeps about twice over.
 * @example const index = AddressIndex.of(['So11…', 'EPjF…']); index.idOf('EPjF…') // 2
 */
export class AddressIndex {
  /** Ids by hash, 0 for an empty slot; a power of two at least twice the count, probed linearly. */
  private readonly slots: Int32Array;

  /** `bytesOf(id)`: the UTF-8 bytes of address `id` (1..count). */
  constructor(
    count: number,
    private readonly bytesOf: (id: number) => Uint8Array,
  ) {
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * (count + 1))));
    for (let id = 1; id <= count; id++) {
      const bytes = bytesOf(id);
      let slot = fnv1aBytes(bytes, 0, bytes.length) & (this.slots.length - 1);
      while (this.slots[slot] !== 0) slot = (slot + 1) & (this.slots.length - 1);
      this.slots[slot] = id;
    }
  }

  /** An index of `addresses`, where `addresses[i]` is the address of id `i + 1`. */
  static of(addresses: readonly string[]): AddressIndex {
    const { bytes, ends } = packTexts(addresses);
    return new AddressIndex(addresses.length, (id) => bytes.subarray(ends[id - 1], ends[id]));
  }

  /** The address of `id` (1..count). */
  addressOf(id: number): string {
    const bytes = this.bytesOf(id);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString();
  }

  /** The id of `address`, or undefined when no pool has it. */
  idOf(address: string): number | undefined {
    for (let slot = fnv1aUtf8(address) & (this.slots.length - 1); ; slot = (slot + 1) & (this.slots.length - 1)) {
      const id = this.slots[slot]!;
      if (id === 0) return undefined;
      if (sameText(this.bytesOf(id), address)) return id;
    }
  }
}

/** Whether UTF-8 `bytes` encode `text`: compared in place while the text is ASCII (an address always is), decoded otherwise. */
function sameText(bytes: Uint8Array, text: string): boolean {
  // A UTF-8 encoding is never shorter than the UTF-16 text it encodes.
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit > 0x7f) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString() === text;
    if (unit !== bytes[i]) return false;
  }
  return bytes.length === text.length;
}
