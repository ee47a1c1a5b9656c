const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Whether a string is base58 that decodes to exactly 32 bytes (a Solana account address): each
 * leading `1` is a zero byte, the rest a big-endian number. Checked without bs58, which only the
 * generator needs, so that serving does not load it (docs/performance.md §8).
 * @example isAddress('So11111111111111111111111111111111111111112') // true
 */
export function isAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  let value = 0n;
  for (let i = zeros; i < text.length; i++) {
    const digit = BASE58.indexOf(text[i]!);
    if (digit < 0) return false;
    value = value * 58n + BigInt(digit);
  }
  const bytes = value === 0n ? 0 : Math.ceil(value.toString(16).length / 2);
  return zeros + bytes === 32;
}
