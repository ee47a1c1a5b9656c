import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import bs58 from 'bs58';
import { compareAddressBytes, encodeAddress, isAddress } from '../../src/math/address.js';
import { rng } from '../helpers/math-samples.js';

const WSOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SYSTEM = '11111111111111111111111111111111'; // 32 zero bytes

/** Replaces the character at `index`. */
function swapChar(text: string, index: number, char: string): string {
  return `${text.slice(0, index)}${char}${text.slice(index + 1)}`;
}

const valid = suite('isAddress');

valid('real mints and the system program are addresses', () => {
  for (const address of [WSOL, USDC, SYSTEM, 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'])
    assert.ok(isAddress(address), address);
});

valid('characters outside base58 (0, O, I, l) are rejected', () => {
  for (const char of ['0', 'O', 'I', 'l', '+', '/', ' ', 'é']) {
    for (const base of [WSOL, USDC]) {
      for (const index of [0, 10, base.length - 1]) {
        const text = swapChar(base, index, char);
        assert.not.ok(isAddress(text), text);
      }
    }
  }
});

valid('wrong lengths and the empty string are rejected', () => {
  const cases = ['', '1', SYSTEM.slice(1), `${WSOL}1`, `${USDC}${USDC}`, '1'.repeat(31), '2'.repeat(45)];
  for (const text of cases) assert.not.ok(isAddress(text), `"${text}" (${text.length})`);
});

valid('31- and 33-byte payloads are rejected, including ones whose text length looks right', () => {
  const random = rng('address');
  let lengthLooksRight = 0;
  for (let i = 0; i < 200; i++) {
    const short = random.bytes(31);
    // Four leading zero bytes keep a 33-byte payload inside the 32..44 character window.
    const long = new Uint8Array([0, 0, 0, 0, ...random.bytes(29)]);
    for (const payload of [short, long]) {
      const text = bs58.encode(payload);
      if (text.length >= 32 && text.length <= 44) lengthLooksRight++;
      assert.not.ok(isAddress(text), `${payload.length} bytes: ${text}`);
    }
  }
  assert.ok(lengthLooksRight >= 300, `${lengthLooksRight} payloads inside the length window`);
});

valid('any 32 bytes, encoded, are an address', () => {
  const random = rng('address-32');
  for (let i = 0; i < 200; i++) {
    const bytes = random.bytes(32);
    if (i % 10 === 0) bytes.fill(0, 0, i / 10); // some with leading zero bytes
    const text = encodeAddress(bytes);
    assert.ok(isAddress(text), text);
    assert.equal(Array.from(bs58.decode(text)), Array.from(bytes));
  }
});

valid('agrees with bs58 on random base58 texts of 30 to 46 characters, leading 1s included', () => {
  const random = rng('address-texts');
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let addresses = 0;
  for (let i = 0; i < 2000; i++) {
    const ones = '1'.repeat(random.int(0, 3));
    const length = random.int(30, 46) - ones.length;
    const text = ones + Array.from({ length }, () => alphabet[random.int(0, 57)]).join('');
    const expected = text.length >= 32 && text.length <= 44 && bs58.decode(text).length === 32;
    assert.is(isAddress(text), expected, text);
    if (expected) addresses++;
  }
  assert.ok(addresses > 100 && addresses < 1900, `${addresses} of 2000 are addresses`);
});

valid.run();

const encode = suite('encodeAddress / compareAddressBytes');

encode('known encodings', () => {
  assert.is(encodeAddress(new Uint8Array(32)), SYSTEM);
  assert.is(encodeAddress(bs58.decode(WSOL)), WSOL);
  assert.is(encodeAddress(bs58.decode(USDC)), USDC);
});

encode('orders by bytes, not by text: wSOL (0x06…) sorts before USDC (0xc6…) although "S" > "E"', () => {
  assert.ok(WSOL > USDC);
  assert.ok(compareAddressBytes(WSOL, USDC) < 0);
  assert.ok(compareAddressBytes(USDC, WSOL) > 0);
  assert.is(compareAddressBytes(USDC, USDC), 0);
  assert.ok(compareAddressBytes(SYSTEM, WSOL) < 0);
});

encode.run();
