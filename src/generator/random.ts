/**
 * A seeded random source. Every generated value comes from one of these, never from Math.random,
 * so the same seed gives the same snapshot on every machine.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** An index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number;
  /** A log-normal draw with the given median and spread (sigma of the log). */
  logNormal(median: number, sigma: number): number;
  /** n random bytes. */
  bytes(n: number): Uint8Array;
  /** A random unsigned integer of `bits` bits. */
  bigBits(bits: number): bigint;
}

/** 32-bit FNV-1a then a murmur finaliser: spreads a text key into a seed word. */
function hashWord(text: string, salt: number): number {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A random source for one named stream of a seed (sfc32). Streams are independent, so the values
 * drawn for pool 7 do not depend on how many values pool 6 used.
 * @example createRandom(42, 'pool:7').int(1, 6)
 */
export function createRandom(seed: number, stream: string): Random {
  return new Sfc32(`${seed}/${stream}`);
}

/**
 * sfc32 with the draws of Random. A class rather than closures: two streams are made per pool,
 * and methods on the prototype are not created (nor named) again for each.
 */
class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Own property, so that `random.next` may be passed around unbound. */
  readonly next: () => number;

  constructor(key: string) {
    this.a = hashWord(key, 1);
    this.b = hashWord(key, 2);
    this.c = hashWord(key, 3);
    this.d = hashWord(key, 4) | 1;
    for (let i = 0; i < 12; i++) this.nextWord();
    this.next = () => (this.nextWord() * 2 ** 21 + (this.nextWord() >>> 11)) / 2 ** 53;
  }

  private nextWord(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i]!;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  logNormal(median: number, sigma: number): number {
    // Box–Muller; 1 - next() keeps the logarithm finite.
    const normal = Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
    return median * Math.exp(sigma * normal);
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.nextWord() & 0xff;
    return out;
  }

  bigBits(bits: number): bigint {
    let value = 0n;
    for (let done = 0; done < bits; done += 32) value = (value << 32n) | BigInt(this.nextWord());
    return value & ((1n << BigInt(bits)) - 1n);
  }
}
