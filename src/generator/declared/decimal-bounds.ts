/**
 * The most a decimal figure a user gives may hold, in a market file (docs/market-file.md) and in a change made to a
 * moving market (docs/market-moves.md §3): far more than any price, TVL or volume needs, few enough that a figure's
 * exact arithmetic stays small and an error message can quote it.
 */
export const DECIMAL_BOUNDS = {
  /** Characters in all, leading zeros included. */
  length: 64,
  /** Digits from the first non-zero one to the last one written (trailing zeros after the point not counted). */
  significant: 40,
  /** Digits before the point, leading zeros not counted: figures below 10^30. */
  integer: 30,
  /** Digits after the point: figures from 10^-24. */
  places: 24,
} as const;

/** What a figure may be, as an error message says it. */
export const DECIMAL_LIMITS =
  `at most ${DECIMAL_BOUNDS.significant} significant digits, ${DECIMAL_BOUNDS.integer} before the point and ` +
  `${DECIMAL_BOUNDS.places} after it (${DECIMAL_BOUNDS.length} characters)`;

/**
 * Which bound a plain decimal (digits, then a point and digits) breaks, or null when it keeps them all.
 * @example decimalBeyond('0.' + '0'.repeat(30) + '1') // 'places'
 */
export function decimalBeyond(text: string): keyof typeof DECIMAL_BOUNDS | null {
  if (text.length > DECIMAL_BOUNDS.length) return 'length';
  const [whole = '', part = ''] = text.split('.');
  const integer = whole.replace(/^0+/, '');
  if (integer.length > DECIMAL_BOUNDS.integer) return 'integer';
  if (part.length > DECIMAL_BOUNDS.places) return 'places';
  const digits = (integer + part.replace(/0+$/, '')).replace(/^0+/, '');
  return digits.length > DECIMAL_BOUNDS.significant ? 'significant' : null;
}
