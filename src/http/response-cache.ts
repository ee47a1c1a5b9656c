import { fnv1a } from '../snapshot/served/fnv1a.js';
import type { PreparedBody } from './send.js';

/** The bytes a server's response cache holds unless told otherwise (MockServerOptions.cacheBytes). */
export const DEFAULT_CACHE_BYTES = 24 * 1024 * 1024;
/** Slots for the hashes of keys seen once: 256 KB. */
const SEEN_SLOTS = 65_536;

/**
 * The mark a key leaves in the seen-once table. Two keys that share a hash only get a one-off response
 * cached early, never a wrong answer. A hash of 0 is taken as 1: 0 marks an empty slot.
 */
const markOf = (key: string): number => fnv1a(key) | 0 || 1;

/**
 * Finished 200 responses by request (URL and encoding), least recently used evicted first, bounded
 * by total bytes. Sound because the served state changes only as a whole, and the cache is cleared then:
 * until it changes, the same request always has the same answer.
 * A response is kept only when its request comes again, usually the second time: a stream of one-off
 * requests (a crawl, a cold start) would otherwise churn the cache and the garbage collector for nothing.
 * @example const cache = new ResponseCache(64 * 1024 * 1024); cache.get('br GET /v2/solana/pools');
 */
export class ResponseCache {
  private readonly entries = new Map<string, PreparedBody>();
  /**
   * Hashes of keys seen once, each in the slot its low bits name: a flood of long one-off URLs costs
   * no key, no garbage and no growing table, only a slot that a later key may take over (its request
   * is then kept the next time it comes).
   */
  private readonly seenOnce = new Int32Array(SEEN_SLOTS);
  private bytes = 0;
  private markedKey = '';
  private mark = markOf('');

  constructor(private readonly maxBytes: number) {}

  get(key: string): PreparedBody | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * Whether `set` would keep a value of `bytes` for `key` now: its request came before. What it keeps is
   * then made memory of its own, apart from the memory a snapshot hands out again (api-handler.ts).
   */
  keeps(key: string, bytes: number): boolean {
    const seen = this.markOf(key);
    return bytes <= this.maxBytes / 8 && this.seenOnce[seen & (SEEN_SLOTS - 1)] === seen;
  }

  set(key: string, value: PreparedBody): void {
    if (value.payload.length > this.maxBytes / 8) return;
    const seen = this.markOf(key);
    const slot = seen & (SEEN_SLOTS - 1);
    if (this.seenOnce[slot] !== seen) {
      this.seenOnce[slot] = seen;
      return;
    }
    this.seenOnce[slot] = 0;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.payload.length + key.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.payload.length + key.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.payload.length + oldest.length;
    }
  }

  /** The mark of `key`, kept for the last key marked: `keeps` and `set` ask for the same one in turn. */
  private markOf(key: string): number {
    if (key !== this.markedKey) {
      this.markedKey = key;
      this.mark = markOf(key);
    }
    return this.mark;
  }

  /** Forgets every response: what they answered has changed (a market that moves, docs/market-moves.md §5). */
  clear(): void {
    this.entries.clear();
    this.seenOnce.fill(0);
    this.bytes = 0;
  }

  /** Bytes held (payloads and keys). */
  get size(): number {
    return this.bytes;
  }
}
