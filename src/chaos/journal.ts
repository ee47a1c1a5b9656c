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
  /** The query parameters the API ignored, as sent (docs/api.md §1.7). */
  ignored: string[];
}

/** What the API's handler leaves on a request for the journal and the request log: the parameters it ignored. */
export interface IgnoredMarks {
  ignoredParams?: readonly { name: string; didYouMean: string | null }[];
}

/** Bytes of URL kept in place per entry; a longer URL (rare: API URLs are a few hundred bytes) is kept as it came. */
const URL_BYTES = 512;
/** seq, at, status, durationMs, delayMs: the numbers of an entry, side by side. */
const NUMBERS = 5;

/**
 * The most recent requests, oldest first, in a ring of fixed size: it never grows. Entries are
 * held in typed arrays, URLs as bytes, rather than as objects and strings: every request writes
 * one, and a thousand live strings renewed at 20,000 requests a second would all outlive the young
 * generation and grow the old one by tens of megabytes between collections.
 */
export class Journal {
  private readonly numbers: Float64Array;
  private readonly urls: Buffer;
  private readonly urlLengths: Int32Array;
  /** Per entry: method, client, fault, and a URL too long for its bytes (else undefined). */
  private readonly methods: string[];
  private readonly clients: string[];
  private readonly faults: (number | string | null)[];
  private readonly longUrls: (string | undefined)[];
  /** Per entry: the parameters ignored, undefined for none (most requests). */
  private readonly ignored: (readonly string[] | undefined)[];
  private next = 0;
  private seq = 0;
  private count = 0;

  constructor(readonly capacity = 1000) {
    this.numbers = new Float64Array(capacity * NUMBERS);
    this.urls = Buffer.alloc(capacity * URL_BYTES);
    this.urlLengths = new Int32Array(capacity);
    this.methods = new Array<string>(capacity).fill('');
    this.clients = new Array<string>(capacity).fill('');
    this.faults = new Array<number | string | null>(capacity).fill(null);
    this.longUrls = new Array<string | undefined>(capacity).fill(undefined);
    this.ignored = new Array<readonly string[] | undefined>(capacity).fill(undefined);
  }

  add(entry: Omit<JournalEntry, 'seq' | 'ignored'> & { ignored?: readonly string[] }): void {
    const slot = this.next;
    const at = slot * NUMBERS;
    this.numbers[at] = ++this.seq;
    this.numbers[at + 1] = entry.at;
    this.numbers[at + 2] = entry.status;
    this.numbers[at + 3] = entry.durationMs;
    this.numbers[at + 4] = entry.delayMs;
    // A UTF-16 unit is at most 3 UTF-8 bytes: most URLs are known to fit without measuring them.
    const fits = entry.url.length * 3 <= URL_BYTES || Buffer.byteLength(entry.url) <= URL_BYTES;
    this.urlLengths[slot] = fits ? this.urls.write(entry.url, slot * URL_BYTES) : 0;
    this.longUrls[slot] = fits ? undefined : entry.url;
    this.methods[slot] = entry.method;
    this.clients[slot] = entry.client;
    this.faults[slot] = entry.fault;
    this.ignored[slot] = entry.ignored?.length ? entry.ignored : undefined;
    this.next = (slot + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  entries(): JournalEntry[] {
    const first = (this.next - this.count + this.capacity) % this.capacity;
    return Array.from({ length: this.count }, (_, i) => this.entry((first + i) % this.capacity));
  }

  clear(): void {
    this.longUrls.fill(undefined);
    this.ignored.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  private entry(slot: number): JournalEntry {
    const [seq, at, status, durationMs, delayMs] = this.numbers.subarray(slot * NUMBERS, (slot + 1) * NUMBERS);
    const url =
      this.longUrls[slot] ?? this.urls.toString('utf8', slot * URL_BYTES, slot * URL_BYTES + this.urlLengths[slot]!);
    return {
      seq: seq!,
      at: at!,
      method: this.methods[slot]!,
      url,
      client: this.clients[slot]!,
      status: status!,
      durationMs: durationMs!,
      delayMs: delayMs!,
      fault: this.faults[slot]!,
      ignored: [...(this.ignored[slot] ?? [])],
    };
  }
}
