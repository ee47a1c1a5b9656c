/** One request as the journal records it. */
export interface JournalEntry {
  seq: number;
  /** Milliseconds since the server started (a monotonic clock, not the time of day). */
  at: number;
  method: string;
  url: string;
  client: string;
  status: number;
  durationMs: number;
  delayMs: number;
  /** The fault applied: an HTTP status, reset, hang, truncate, rate_limited, or null. */
  fault: number | string | null;
}

/** The most recent requests, oldest first, in a ring of fixed size: it never grows. */
export class Journal {
  private readonly ring: (JournalEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(readonly capacity = 1000) {
    this.ring = new Array<JournalEntry | undefined>(capacity);
  }

  add(entry: Omit<JournalEntry, 'seq'>): void {
    this.ring[this.next] = { seq: ++this.seq, ...entry };
    this.next = (this.next + 1) % this.capacity;
  }

  entries(): JournalEntry[] {
    const ordered = [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.filter((e): e is JournalEntry => e !== undefined);
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }
}
