import { randomBytes } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nobleOnCurve, onCurve } from '../../src/math/curve-points.js';
import { seededRng } from '../helpers/seeded-rng.js';

const points = suite('onCurve: the Jacobi symbol decides as noble’s zip215 decompression does');

const P = (1n << 255n) - 19n;
const bytesOf = (y: bigint, sign: boolean): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((y >> BigInt(8 * i)) & 0xffn);
  if (sign) out[31]! |= 0x80;
  return out;
};

points('20,000 seeded random byte strings, half of them points', () => {
  const rng = seededRng(29).next;
  let on = 0;
  for (let i = 0; i < 20_000; i++) {
    const bytes = Uint8Array.from({ length: 32 }, () => Math.floor(rng() * 256));
    const expected = nobleOnCurve(bytes);
    assert.is(onCurve(bytes), expected, Buffer.from(bytes).toString('hex'));
    if (expected) on++;
  }
  // About half of all y decode (x² has a root for half the field).
  assert.ok(on > 9_000 && on < 11_000, `${on} on the curve`);
});

points('the edges: y = 0, 1, -1, p - 1 .. p + 18 (not reduced), 2^255 - 1, with and without the sign bit', () => {
  const ys = [0n, 1n, 2n, P - 1n, ...Array.from({ length: 20 }, (_, i) => P + BigInt(i) - 1n), (1n << 255n) - 1n];
  for (const y of ys)
    for (const sign of [false, true]) {
      const bytes = bytesOf(y, sign);
      assert.is(onCurve(bytes), nobleOnCurve(bytes), `y = ${y}, sign ${sign}`);
    }
});

points('5,000 unseeded random byte strings (a fresh draw each run)', () => {
  for (let i = 0; i < 5_000; i++) {
    const bytes = randomBytes(32);
    assert.is(onCurve(bytes), nobleOnCurve(bytes), bytes.toString('hex'));
  }
});

points.run();
