/**
 * A JSON string literal, or an integer literal too long to be exact as a double (16 digits or more,
 * not part of a fraction or exponent, and not followed by one).
 */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/g;

/**
 * JSON.parse, except that an integer literal beyond Number.MAX_SAFE_INTEGER comes back as the string of
 * its digits rather than the nearest double: the live API sends a mint's `supply` as a JSON number, and
 * `570000000000000001` would otherwise be read as 570000000000000000. Smaller numbers, and every number
 * with a fraction or exponent, parse as JSON.parse parses them.
 * @example parseJsonExact('{"supply":9007199254740993}') // { supply: '9007199254740993' }
 */
export function parseJsonExact(text: string): unknown {
  const kept = text.replace(STRING_OR_LONG_INTEGER, (token) =>
    token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
  );
  return JSON.parse(kept) as unknown;
}
