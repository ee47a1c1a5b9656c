/** An ISO 8601 UTC instant to the second, optionally with 1 to 6 fractional digits. */
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

/**
 * Microseconds since 1970 of an ISO 8601 UTC instant (to the second, or with up to 6 fractional
 * digits), exactly; null for any other text or a date that does not exist (02-30). A BigInt, since a
 * Date holds milliseconds and a float cannot hold every microsecond of far dates.
 * @example instantMicros('2026-09-30T15:22:49.634759Z') // 1790781769634759n
 */
export function instantMicros(text: string): bigint | null {
  const match = INSTANT.exec(text);
  if (!match) return null;
  const seconds = `${match[1]!}Z`;
  const ms = Date.parse(seconds);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== seconds.replace('Z', '.000Z')) return null;
  return BigInt(ms) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/**
 * An instant as the live API writes account reads: ISO 8601 UTC with exactly 6 fractional digits.
 * @example isoMicros(1790781769634759n) // '2026-09-30T15:22:49.634759Z'
 */
export function isoMicros(micros: bigint): string {
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const seconds = new Date(Number(ms)).toISOString().slice(0, 19);
  const fraction = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  return `${seconds}.${fraction.toString().padStart(6, '0')}Z`;
}

/** Slot 0 of the chain (mainnet beta's genesis), to the minute. */
export const GENESIS_MS = Date.UTC(2020, 2, 16, 14, 29, 0);

/**
 * The mean length of an epoch (432,000 slots) as the live chain has run: its slot 452,291,138 came on
 * 2026-10-01T12:43:53Z, and the mean slot since genesis makes an epoch about 2.28 days. Calibrated so that
 * an instant's epoch is the one the live API shows for it (1046 on 2026-09-30).
 */
const EPOCH_MS = 197_226_000;

/**
 * The epoch an instant falls in (0 before genesis).
 * @example epochAt(Date.parse('2026-09-30T15:22:49Z')) // 1046
 */
export function epochAt(ms: number): number {
  return Math.max(0, Math.floor((ms - GENESIS_MS) / EPOCH_MS));
}
