/**
 * A client's value quoted for an error message: at most 64 characters, so a hostile 8 KB parameter
 * does not come back in full.
 * @example shown('abc') // "'abc'"
 */
export function shown(value: string): string {
  return value.length > 64 ? `'${value.slice(0, 64)}…' (${value.length} characters)` : `'${value}'`;
}
