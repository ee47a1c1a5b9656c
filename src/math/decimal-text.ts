// Apart from decimal.ts, so that what serving loads writes figures without loading decimal.js (docs/performance.md §8).

/** Fractional digits of every figure except balances and supplies (docs/api.md §7.1). */
export const FIGURE_DIGITS = 20;

/**
 * A raw base-unit amount as a token amount with exactly `decimals` fractional digits.
 * @example scaleAmount(1234567n, 6) // "1.234567"
 */
export function scaleAmount(raw: bigint, decimals: number): string {
  if (decimals === 0) return raw.toString();
  const digits = raw.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Drops trailing fractional zeros (and a bare point) from a plain decimal string; integers stay as they are.
 * @example trimZeros('12.5000') // "12.5"
 */
export function trimZeros(text: string): string {
  if (!text.includes('.')) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 0x30) end--;
  if (text.charCodeAt(end - 1) === 0x2e) end--;
  return text.slice(0, end);
}

/**
 * Orders two non-negative decimal strings by value without parsing them into numbers, so that
 * sorts and thresholds agree exactly with the strings a client receives.
 * @example compareDecimalStrings('10.5', '9.75') // 1
 */
export function compareDecimalStrings(left: string, right: string): number {
  const [li = '', lf = ''] = left.split('.');
  const [ri = '', rf = ''] = right.split('.');
  const lInt = li.replace(/^0+(?=\d)/, '');
  const rInt = ri.replace(/^0+(?=\d)/, '');
  if (lInt.length !== rInt.length) return lInt.length < rInt.length ? -1 : 1;
  if (lInt !== rInt) return lInt < rInt ? -1 : 1;
  const width = Math.max(lf.length, rf.length);
  const lFrac = lf.padEnd(width, '0');
  const rFrac = rf.padEnd(width, '0');
  return lFrac === rFrac ? 0 : lFrac < rFrac ? -1 : 1;
}
