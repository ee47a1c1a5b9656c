import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fnv1a, fnv1aBytes, fnv1aUtf8 } from '../../src/snapshot/served/fnv1a.js';

const hashing = suite('fnv1a: the published FNV-1a 32-bit vectors, over strings, bytes and UTF-8');

// From the FNV reference test vectors (isthe.com/chongo/tech/comp/fnv).
const VECTORS: [string, number][] = [
  ['', 0x811c9dc5],
  ['a', 0xe40c292c],
  ['foobar', 0xbf9cf968],
];

for (const [text, expected] of VECTORS) {
  hashing(JSON.stringify(text), () => {
    assert.is(fnv1a(text), expected);
    assert.is(fnv1aBytes(Buffer.from(text), 0, text.length), expected);
    assert.is(fnv1aUtf8(text), expected);
  });
}

hashing('non-ASCII: fnv1aUtf8 hashes the UTF-8 bytes, fnv1a the code units', () => {
  for (const text of ['é', '日本', 'aé', '🙂']) {
    const bytes = Buffer.from(text);
    assert.is(fnv1aUtf8(text), fnv1aBytes(bytes, 0, bytes.length), text);
  }
  assert.is.not(fnv1a('é'), fnv1aUtf8('é'));
  assert.is(fnv1aBytes(Buffer.from('xxfoobarxx'), 2, 8), 0xbf9cf968);
});

hashing.run();
