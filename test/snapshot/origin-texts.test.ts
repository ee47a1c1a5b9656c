import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { packAtPlaceholder, spliced, withOrigin, type OriginTexts } from '../../src/snapshot/pieces/origin-texts.js';

const origins = suite('token texts at an origin: spliced copies equal replacing the placeholder in each text');
const PLACEHOLDER = 'http://clmm-mock.invalid';

const TEXTS = [
  `{"symbol":"A","imageUrl":"${PLACEHOLDER}/static/tokens/a.svg"}`,
  '{"symbol":"B","imageUrl":null}',
  '',
  `{"name":"é ${PLACEHOLDER}","imageUrl":"${PLACEHOLDER}/static/tokens/c.svg"}`,
  `{"imageUrl":"https://elsewhere.example/logo.png"}`,
  `${PLACEHOLDER}${PLACEHOLDER}`,
];

const textsOf = (packed: OriginTexts): string[] =>
  Array.from({ length: packed.ends.length - 1 }, (_, i) =>
    Buffer.from(packed.bytes.subarray(packed.ends[i], packed.ends[i + 1])).toString(),
  );

origins('any origin, longer, shorter or not ASCII, and copies made from copies', () => {
  const stored = packAtPlaceholder(TEXTS, PLACEHOLDER);
  assert.equal(textsOf(stored), TEXTS);
  let from = stored;
  for (const origin of ['http://127.0.0.1:41234', 'http://x', 'https://mock.example.com/base', 'http://ü.test', '']) {
    const copy = withOrigin(from, origin);
    assert.equal(
      textsOf(copy),
      TEXTS.map((text) => text.replaceAll(PLACEHOLDER, origin)),
      origin,
    );
    assert.equal(textsOf(withOrigin(stored, origin)), textsOf(copy));
    from = copy;
  }
});

origins('texts without the placeholder are packed as they are', () => {
  const packed = packAtPlaceholder(['{"a":1}', '{"b":2}'], PLACEHOLDER);
  assert.is(packed.at.length, 0);
  assert.equal(textsOf(withOrigin(packed, 'http://h:1')), ['{"a":1}', '{"b":2}']);
});

origins('a text spliced as chunks reads as the copy would, for the stored texts and for a copy', () => {
  const stored = packAtPlaceholder(TEXTS, PLACEHOLDER);
  for (const from of [stored, withOrigin(stored, 'http://h:1')]) {
    for (const origin of ['http://127.0.0.1:41234', '']) {
      const bytes = Buffer.from(origin);
      TEXTS.forEach((text, i) =>
        assert.is(Buffer.concat(spliced(from, i, bytes)).toString(), text.replaceAll(PLACEHOLDER, origin), text),
      );
    }
  }
});

origins.run();
