/** The statistics periods of docs/api.md §5.7 with their length in seconds, shortest first. */
export const PERIODS = [
  { name: '5m', seconds: 300 },
  { name: '15m', seconds: 900 },
  { name: '30m', seconds: 1800 },
  { name: '1h', seconds: 3600 },
  { name: '2h', seconds: 7200 },
  { name: '4h', seconds: 14400 },
  { name: '8h', seconds: 28800 },
  { name: '24h', seconds: 86400 },
  { name: '7d', seconds: 604800 },
  { name: '30d', seconds: 2592000 },
] as const;

export type Period = (typeof PERIODS)[number]['name'];

/** The period names, shortest first. */
export const PERIOD_NAMES: readonly Period[] = PERIODS.map((p) => p.name);

/** Whether a string is one of the period names. */
export function isPeriod(text: string): text is Period {
  return (PERIOD_NAMES as readonly string[]).includes(text);
}
