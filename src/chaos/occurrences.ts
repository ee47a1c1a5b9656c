/**
 * How many times each request was seen, for seeded decisions. Bounded: past `max` distinct requests
 * the oldest half is forgotten (a forgotten request counts from zero again).
 */
export class Occurrences {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max = 100_000) {}

  /** The number of earlier sightings of `key`, then counts this one. */
  next(key: string): number {
    const seen = this.counts.get(key) ?? 0;
    if (seen === 0 && this.counts.size >= this.max) {
      let drop = this.max / 2;
      for (const old of this.counts.keys()) {
        if (drop-- <= 0) break;
        this.counts.delete(old);
      }
    }
    this.counts.set(key, seen + 1);
    return seen;
  }

  get size(): number {
    return this.counts.size;
  }

  clear(): void {
    this.counts.clear();
  }
}
