import { invalidParameter, shown } from '../../errors/api-error.js';
import { decimalBeyond, DECIMAL_LIMITS } from '../../generator/declared/decimal-bounds.js';
import { fraction, isZero } from '../../math/exact-figures.js';

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A positive decimal string within the bounds of any figure given (decimal-bounds.ts); a 400 naming `field` and what
 * it accepts otherwise. A JSON number is refused as a market file refuses one (docs/market-file.md): a float may
 * already have lost digits the string keeps.
 * @example positiveDecimal('150.25', 'priceUsdc') // '150.25'
 */
export function positiveDecimal(value: unknown, field: string): string {
  if (typeof value === 'number')
    throw invalidParameter(
      field,
      `${field} must be a decimal string above 0 such as "150.25", got the JSON number ${JSON.stringify(value)}: ` +
        `give it as a decimal string${Number.isFinite(value) && DECIMAL.test(String(value)) ? `, "${value}"` : ''}`,
    );
  if (typeof value !== 'string' || !DECIMAL.test(value) || (decimalBeyond(value) === null && isZero(fraction(value))))
    throw invalidParameter(field, `${field} must be a decimal string above 0 such as "150.25", got ${given(value)}`);
  if (decimalBeyond(value) !== null)
    throw invalidParameter(field, `${field} must be a decimal of ${DECIMAL_LIMITS}, got ${shown(value)}`);
  return value;
}

/** A value given, quoted for a message: a string cut short, an object or an array named, not written out. */
function given(value: unknown): string {
  if (typeof value === 'string') return shown(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' && value !== null ? 'an object' : String(value);
}

/**
 * The fields of a change's body, all of them `accepted` ones; a 400 names the first unknown one, or says
 * the body is not an object or changes nothing.
 * @example fieldsOf({ priceUsdc: '1.01' }, ['priceUsdc']).priceUsdc // '1.01'
 */
export function fieldsOf(body: unknown, accepted: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidParameter('body', `the body must be a JSON object with any of ${accepted.join(', ')}`);
  const unknown = Object.keys(body).find((key) => !accepted.includes(key));
  if (unknown !== undefined)
    throw invalidParameter(unknown, `${unknown} cannot be changed; a change may set ${accepted.join(', ')}`);
  if (Object.keys(body).length === 0)
    throw invalidParameter('body', `the body changes nothing; it may set ${accepted.join(', ')}`);
  return body as Record<string, unknown>;
}
