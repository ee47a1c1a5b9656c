/** Bodies smaller than this are made as Node makes small buffers, from a slab it shares: no page to fault in. */
const HELD_FROM = 16 * 1024;
/** The smallest memory handed out: a page of 50 pools, in either dialect, takes this or twice it. */
const SMALLEST = 64 * 1024;

/**
 * The memory of large response bodies, handed back once a body is sent and handed out again. Each page
 * of 50 live pools (116 kB) made in fresh memory cost about 20 page faults and 50 µs of system time:
 * freeing one let the C library return its pages to the system, and the next took them back
 * (docs/performance.md §5). Memory comes in powers of two; at most `maxKeptBytes` wait to be handed out.
 * Only memory this pool handed out is taken back, and only once: handing back a body still being sent,
 * or still kept, would let a later body overwrite it.
 * @example
 * const bodies = new BodyBuffers(8 * 1024 * 1024);
 * const body = bodies.take(116_277); // written, then sent; once sent:
 * bodies.recycle(body);
 */
export class BodyBuffers {
  /** Memory handed back, by size, the last handed back first: its pages are the likeliest still in cache. */
  private readonly free = new Map<number, ArrayBuffer[]>();
  /** Memory handed out and not back yet. */
  private readonly out = new WeakSet<ArrayBuffer>();
  private kept = 0;

  constructor(private readonly maxKeptBytes: number) {}

  /** A body of `length` bytes, its content undefined: the caller writes every byte. */
  take(length: number): Buffer {
    if (length < HELD_FROM) return Buffer.allocUnsafe(length);
    const size = Math.max(SMALLEST, 2 ** Math.ceil(Math.log2(length)));
    let memory = this.free.get(size)?.pop();
    if (memory) this.kept -= size;
    else memory = new ArrayBuffer(size);
    this.out.add(memory);
    return Buffer.from(memory, 0, length);
  }

  /** Whether `body` is in memory this pool handed out and has not had back: a body to `recycle` once sent. */
  handedOut(body: Uint8Array): boolean {
    return body.buffer instanceof ArrayBuffer && this.out.has(body.buffer);
  }

  /** Hands back a body `take` made, once nothing reads it any more; any other buffer is left alone. */
  recycle(body: Uint8Array): void {
    const memory = body.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.out.delete(memory)) return;
    if (this.kept + memory.byteLength > this.maxKeptBytes) return;
    let sized = this.free.get(memory.byteLength);
    if (!sized) this.free.set(memory.byteLength, (sized = []));
    sized.push(memory);
    this.kept += memory.byteLength;
  }

  /** Bytes waiting to be handed out again. */
  get keptBytes(): number {
    return this.kept;
  }
}
