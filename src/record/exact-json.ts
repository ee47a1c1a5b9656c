/** A JSON string literal, or a number literal (outside strings, which the first branch consumes). */
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * JSON.parse, except that a number literal a double cannot hold exactly comes back as the string of its
 * digits: an integer beyond Number.MAX_SAFE_INTEGER (the live API sends a mint's `supply` as a JSON
 * number, and `570000000000000001` would otherwise be read as 570000000000000000), and every number with
 * a fraction or exponent (a token's 24h volume, `278252237.7007108`, is kept to its last digit). Safe
 * integers parse as JSON.parse parses them.
 * @example parseJsonExact('{"supply":9007199254740993,"volume":0.1}') // { supply: '9007199254740993', volume: '0.1' }
 */
export function parseJsonExact(text: string): unknown {
  const kept = text.replace(STRING_OR_NUMBER, (token) =>
    token.startsWith('"') || (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) ? token : `"${token}"`,
  );
  return JSON.parse(kept) as unknown;
}
