/** Slot 0 of the chain (mainnet beta's genesis), to the minute. */
export const GENESIS_MS = Date.UTC(2020, 2, 16, 14, 29, 0);

/**
 * The mean length of an epoch (432,000 slots) as the live chain has run: its slot 452,291,138 came on
 * 2026-10-01T12:43:53Z, and the mean slot since genesis makes an epoch about 2.28 days. Calibrated so that
 * an instant's epoch is the one the live API shows for it (1046 on 2026-09-30).
 */
export const EPOCH_MS = 197_226_000;

/**
 * The epoch an instant falls in (0 before genesis).
 * @example epochAt(Date.parse('2026-09-30T15:22:49Z')) // 1046
 */
export function epochAt(ms: number): number {
  return Math.max(0, Math.floor((ms - GENESIS_MS) / EPOCH_MS));
}
