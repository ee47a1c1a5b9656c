import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ResponseCache } from '../../src/http/response-cache.js';
import { fnv1a } from '../../src/snapshot/served/fnv1a.js';
import type { PreparedBody } from '../../src/http/send.js';

const cache = suite('ResponseCache: a response is kept from its second request, within a byte budget');

const body = (size: number, tag = 'x'): PreparedBody => ({
  etag: `"${tag}"`,
  encoding: 'identity',
  payload: Buffer.alloc(size, 1),
});

cache('a request seen once is not kept; the second time it is, and found after', () => {
  const responses = new ResponseCache(10_000);
  assert.is(responses.keeps('identity /a', 100), false, 'the first time, it would keep nothing');
  responses.set('identity /a', body(100));
  assert.is(responses.get('identity /a'), undefined);
  assert.is(responses.size, 0);
  const second = body(100, 'a');
  assert.is(responses.keeps('identity /a', 100), true, 'the second time, it would keep it');
  assert.is(responses.keeps('identity /b', 100), false, 'another request');
  responses.set('identity /a', second);
  assert.is(responses.get('identity /a'), second);
  assert.is(responses.keeps('identity /a', 100), false, 'once kept, its mark is gone');
  assert.is(responses.size, 100 + 'identity /a'.length);
});

/** The slot of the seen-once table a key's mark takes: the low 16 bits of its hash, as the cache takes them. */
const slotOf = (key: string): number => (fnv1a(key) | 0 || 1) & 0xffff;

cache('a flood of one-off requests keeps nothing, and leaves the marks of other slots alone', () => {
  const responses = new ResponseCache(10_000_000);
  const repeated = 'identity /repeated';
  responses.set(repeated, body(10));
  const others = Array.from({ length: 10_000 }, (_, i) => `identity /once/${i}`).filter(
    (key) => slotOf(key) !== slotOf(repeated),
  );
  for (const key of others) responses.set(key, body(10));
  assert.is(responses.size, 0);
  responses.set(repeated, body(10, 'r'));
  assert.is(responses.get(repeated)?.etag, '"r"');
  for (const key of others.slice(0, 100)) assert.is(responses.get(key), undefined);
});

cache('a request whose slot another took in between is kept the time after', () => {
  const responses = new ResponseCache(10_000_000);
  const repeated = 'identity /repeated';
  let i = 0;
  while (slotOf(`identity /mate/${i}`) !== slotOf(repeated)) i++;
  const mate = `identity /mate/${i}`;
  responses.set(repeated, body(10, '1'));
  responses.set(mate, body(10));
  responses.set(repeated, body(10, '2'));
  assert.is(responses.get(repeated), undefined);
  responses.set(repeated, body(10, '3'));
  assert.is(responses.get(repeated)?.etag, '"3"');
  assert.is(responses.get(mate), undefined);
});

cache('the least recently used go first when the budget is exceeded; a look-up counts as a use', () => {
  const keys = Array.from({ length: 8 }, (_, i) => `k/${i}`);
  // Each entry costs its payload and its key, 103 bytes: eight fit in 824, a ninth does not.
  const responses = new ResponseCache(824);
  for (const key of keys) {
    responses.set(key, body(30));
    responses.set(key, body(100, key));
  }
  assert.is(responses.size, 824);
  assert.ok(responses.get('k/0'));
  responses.set('k/8', body(10));
  responses.set('k/8', body(100, 'k/8'));
  assert.is(responses.get('k/1'), undefined);
  const kept = ['k/0', ...keys.slice(2), 'k/8'];
  assert.equal(
    kept.map((key) => responses.get(key)?.etag),
    kept.map((key) => `"${key}"`),
  );
  assert.is(responses.size, 824);
});

cache('a payload over an eighth of the budget is never kept; a budget of 0 keeps nothing', () => {
  const responses = new ResponseCache(800);
  for (let i = 0; i < 3; i++) {
    responses.set('big', body(101));
    assert.is(responses.keeps('big', 101), false);
  }
  assert.is(responses.get('big'), undefined);
  for (let i = 0; i < 3; i++) responses.set('fits', body(100));
  assert.ok(responses.get('fits'));
  const none = new ResponseCache(0);
  for (let i = 0; i < 3; i++) none.set('tiny', body(1));
  assert.is(none.get('tiny'), undefined);
  assert.is(none.size, 0);
});

cache.run();
