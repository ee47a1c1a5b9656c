import bs58 from 'bs58';

export { isAddress } from './is-address.js';

/** Encodes 32 bytes as an address. */
export function encodeAddress(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}

/** Byte order of two addresses' decoded bytes, as the program orders mints A and B. */
export function compareAddressBytes(left: string, right: string): number {
  return Buffer.compare(Buffer.from(bs58.decode(left)), Buffer.from(bs58.decode(right)));
}
