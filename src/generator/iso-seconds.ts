/**
 * An instant as written in snapshots: ISO 8601 UTC to the second.
 * @example isoSeconds(new Date(Date.UTC(2026, 0, 1))) // "2026-01-01T00:00:00Z"
 */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Whether `text` is an instant written as isoSeconds writes it: writing the parsed instant back must
 * give the same text, which rejects other formats, milliseconds and dates such as 02-30.
 * @example isIsoSecond('2026-01-01T00:00:00Z') // true; isIsoSecond('2026-02-30T00:00:00Z') // false
 */
export function isIsoSecond(text: string): boolean {
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && isoSeconds(date) === text;
}
