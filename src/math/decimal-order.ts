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
