import bs58 from 'bs58';
import type { Known } from './fuzz-known.js';
import { INVALID_DELAYS, INVALID_STATUSES } from './fuzz-vocabulary.js';
import type { Rng } from './seeded-rng.js';

/** Parameter values for the fuzzer: junk of every kind, real addresses and real or damaged cursors. */

/** Base58 of `length` random bytes (32 is the length of a real address). */
export function base58OfBytes(rng: Rng, length: number): string {
  return bs58.encode(Uint8Array.from({ length }, () => rng.int(0, 255)));
}

/** A real cursor damaged in one of nine ways (a changed character, cut short, doubled, a forged payload, …). */
export function mutateCursor(rng: Rng, cursor: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  switch (rng.int(0, 8)) {
    case 0: {
      const at = rng.int(0, cursor.length - 1);
      return cursor.slice(0, at) + rng.pick([...alphabet].filter((c) => c !== cursor[at])) + cursor.slice(at + 1);
    }
    case 1:
      return cursor.slice(0, rng.int(0, cursor.length - 1));
    case 2:
      return `${cursor}A`;
    case 3:
      return cursor.split('.')[0]!;
    case 4:
      return cursor.split('.').reverse().join('.');
    case 5:
      return `${cursor}.x`;
    case 6:
      return cursor + cursor;
    case 7:
      return cursor.replace('.', '..');
    default:
      return (
        `${Buffer.from(`["pools",{},"a","${'x'.repeat(rng.int(0, 50))}"]`).toString('base64url')}` +
        `.${cursor.split('.')[1] ?? ''}`
      );
  }
}

/** A parameter value: [text, raw] where raw text goes on the request line as is (it is already URL-shaped). */
export function fuzzValue(rng: Rng, known: Known, name: string, budget: { huge: boolean }): [string, boolean] {
  const kind = rng.int(0, 19);
  switch (kind) {
    case 0:
      return ['', false];
    case 1:
      if (budget.huge) return ['x'.repeat(rng.int(100, 2000)), false];
      budget.huge = true;
      return [rng.pick(['a', 'Z', '9', 'SOL-']).repeat(rng.int(8000, 8192)).slice(0, 8192), false];
    case 2:
      return [rng.pick(['-1', '-0', '-1000', '-0.5', '-Infinity', '--1']), false];
    case 3:
      return [rng.pick(['NaN', 'Infinity', 'nan', 'inf', 'undefined', 'null', 'true', 'false', '[]', '{}']), false];
    case 4:
      return [
        rng.pick([
          '1e3',
          '1E3',
          '1e-3',
          '1e309',
          '0x10',
          '0b11',
          '1_000',
          '1,000',
          ' 5',
          '5 ',
          '0',
          '1001',
          '3001',
          '999999999999999999999999',
          '0.5',
          '.5',
          '5.',
          '00010',
          '1.0',
        ]),
        false,
      ];
    case 5:
      return [
        rng.pick(['é', '日本語', '🦀🦀', '\u0000', '\u202eLOS', 'ß', 'Ｓｏｌ', '\u{1F600}', 'a\nb', 'tab\there']),
        false,
      ];
    case 6:
      return [
        rng.pick(['%', '%E0%A4%A', '%ZZ', '%%', '%2', '%C3%28', '%ED%A0%80', '%FF', '%00', '%F0%9F%A6', 'a%']),
        true,
      ];
    case 7:
      return [
        rng.pick([
          "'; DROP TABLE pools;--",
          '1 OR 1=1',
          '" OR ""="',
          "' UNION SELECT json FROM tokens --",
          'pools; --',
          '%27%3B%20DROP',
        ]),
        rng.chance(0.3),
      ];
    case 8:
      return [
        rng.pick([
          '../../etc/passwd',
          '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
          '..%2F..%2F',
          '/etc/passwd',
          '..\\..\\windows',
        ]),
        rng.chance(0.5),
      ];
    case 9:
      return [rng.pick(['x'.repeat(1000), 'SOL-'.repeat(300), 'a,'.repeat(150), ','.repeat(500)]), false];
    case 10:
      return [rng.pick([...known.pools, ...known.tokens]), false];
    case 11:
      return [
        rng.pick([
          base58OfBytes(rng, 32),
          base58OfBytes(rng, 31),
          base58OfBytes(rng, 33),
          `${base58OfBytes(rng, 32).slice(0, -1)}0`,
          'So11111111111111111111111111111111111111112',
          '11111111111111111111111111111111',
          'O0Il'.repeat(11),
        ]),
        false,
      ];
    case 12: {
      const list = Array.from({ length: rng.pick([2, 3, 100, 101, 150]) }, () =>
        rng.pick([...known.pools, ...known.tokens]),
      );
      if (rng.chance(0.3)) list.push(rng.pick(['', ' ', 'bad', base58OfBytes(rng, 32)]));
      return [list.join(rng.pick([',', ',', ', ', ';'])), false];
    }
    case 13: {
      const real = rng.pick(known.cursors);
      return [rng.chance(0.25) ? real.cursor : mutateCursor(rng, real.cursor), false];
    }
    case 14:
      return [
        rng.pick([
          'tvl',
          'volume24h',
          'VOLUME7D',
          'fees30d',
          'rewards5m',
          'yieldovertvl',
          'yieldOverTvl1y',
          'lockedliquiditypercent',
          'mint_id',
          'volume_24h',
          'address',
          'asc',
          'desc',
          'DESC',
          'up',
          '__proto__',
          'constructor',
          'volume24h7d',
        ]),
        false,
      ];
    case 15:
      return [
        rng.pick([
          '24h',
          '24h,7d',
          '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d',
          '24h,24h',
          ',',
          '24h,',
          '1y',
          '24H',
          ' 24h',
          '24h;7d',
        ]),
        false,
      ];
    case 16:
      return [
        rng.pick(['SOL', 'SOL-USDC', 'usdc/sol', 'SOL USDC', 'SOL-', '-', '/', 'a-b-c', 'orca', '*', '%', '_', 'sol%']),
        false,
      ];
    case 17:
      return [name === '__status' ? rng.pick(INVALID_STATUSES) : rng.pick(INVALID_DELAYS), false];
    case 18:
      return [
        String.fromCharCode(...Array.from({ length: rng.int(1, 40) }, () => rng.int(0x21, 0x7e))).replace(/[&#?]/g, ''),
        true,
      ];
    default:
      return [String(rng.int(1, 5)), false];
  }
}

/** A value on the request line: percent-encoded, or as is when the generator made it URL-shaped on purpose. */
export function onLine(text: string, raw: boolean): string {
  return raw && /^[\x21-\x7e]*$/.test(text) && !/[&#?]/.test(text) ? text : encodeURIComponent(text);
}
