/**
 * An instant as written in snapshots: ISO 8601 UTC to the second.
 * @example isoSeconds(new Date(Date.UTC(2026, 0, 1))) // "2026-01-01T00:00:00Z"
 */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
