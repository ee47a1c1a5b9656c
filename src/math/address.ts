import bs58 from 'bs58';

/** Encodes 32 bytes as an address. */
export function encodeAddress(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}

/**
 * Whether a string is base58 that decodes to exactly 32 bytes (a Solana account address).
 * @example isAddress('So11111111111111111111111111111111111111112') // true
 */
export function isAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  try {
    return bs58.decode(text).length === 32;
  } catch {
    return false;
  }
}

/** Byte order of two addresses' decoded bytes, as the program orders mints A and B. */
export function compareAddressBytes(left: string, right: string): number {
  return Buffer.compare(Buffer.from(bs58.decode(left)), Buffer.from(bs58.decode(right)));
}
