/** How long to hold a response: fixed, uniform in a range, or log-normal around a median. */
export type Latency =
  | { kind: 'fixed'; ms: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'lognormal'; median: number; spread: number };

const MAX_MS = 600_000;

/**
 * Parses `150`, `"50-250"` or `"lognormal:120:0.8"` (median ms, sigma of the log); null for none.
 * Throws a message naming the value and the accepted forms.
 * @example parseLatency('50-250') // { kind: 'uniform', min: 50, max: 250 }
 */
export function parseLatency(where: string, value: unknown): Latency {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const fail = (): never => {
    throw new Error(
      `${where} must be milliseconds (150), a range (50-250) or lognormal:<median ms>:<spread> (lognormal:120:0.8), ` +
        `each up to ${MAX_MS} ms; got ${JSON.stringify(value)}`,
    );
  };
  const ms = (s: string | undefined): number =>
    s !== undefined && /^\d+$/.test(s) && Number(s) <= MAX_MS ? Number(s) : fail();
  let match: RegExpExecArray | null;
  if ((match = /^(\d+)$/.exec(text))) return { kind: 'fixed', ms: ms(match[1]) };
  if ((match = /^(\d+)\s*-\s*(\d+)$/.exec(text))) {
    const min = ms(match[1]),
      max = ms(match[2]);
    return min <= max ? { kind: 'uniform', min, max } : fail();
  }
  if ((match = /^lognormal:(\d+):(\d+(?:\.\d+)?)$/.exec(text))) {
    const spread = Number(match[2]);
    return spread <= 5 ? { kind: 'lognormal', median: ms(match[1]), spread } : fail();
  }
  return fail();
}

/** The latency as written in settings (the inverse of parseLatency). */
export function formatLatency(latency: Latency): string | number {
  if (latency.kind === 'fixed') return latency.ms;
  if (latency.kind === 'uniform') return `${latency.min}-${latency.max}`;
  return `lognormal:${latency.median}:${latency.spread}`;
}

/** A delay in whole ms from two uniform draws in [0, 1). Log-normal draws are capped at 600 s. */
export function drawLatency(latency: Latency, u1: number, u2: number): number {
  if (latency.kind === 'fixed') return latency.ms;
  if (latency.kind === 'uniform') return latency.min + Math.floor(u1 * (latency.max - latency.min + 1));
  const normal = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  return Math.min(MAX_MS, Math.round(latency.median * Math.exp(latency.spread * normal)));
}
