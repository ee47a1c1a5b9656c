import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ResponseCache } from '../../src/http/response-cache.js';
import type { PreparedBody } from '../../src/http/send.js';

const cache = suite('ResponseCache: a response is kept from its second request, within a byte budget');

const body = (size: number, tag = 'x'): PreparedBody => ({
  etag: `"${tag}"`,
  encoding: 'identity',
  payload: Buffer.alloc(size, 1),
});

cache('a request seen once is not kept; the second time it is, and found after', () => {
  const responses = new ResponseCache(10_000);
  responses.set('identity /a', body(100));
  assert.is(responses.get('identity /a'), undefined);
  assert.is(responses.size, 0);
  const second = body(100, 'a');
  responses.set('identity /a', second);
  assert.is(responses.get('identity /a'), second);
  assert.is(responses.size, 100 + 'identity /a'.length);
});

cache('a flood of one-off requests keeps nothing and leaves a repeated request its mark', () => {
  const responses = new ResponseCache(10_000_000);
  responses.set('identity /repeated', body(10));
  // Ten thousand one-offs between its two requests: the chance that one of them takes over its slot
  // of 65,536 is 14%, but not for these keys (the hashes are fixed), so the second request keeps it.
  for (let i = 0; i < 10_000; i++) responses.set(`identity /once/${i}`, body(10));
  assert.is(responses.size, 0);
  responses.set('identity /repeated', body(10, 'r'));
  assert.is(responses.get('identity /repeated')?.etag, '"r"');
  for (let i = 0; i < 10_000; i += 1000) assert.is(responses.get(`identity /once/${i}`), undefined);
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
  for (let i = 0; i < 3; i++) responses.set('big', body(101));
  assert.is(responses.get('big'), undefined);
  for (let i = 0; i < 3; i++) responses.set('fits', body(100));
  assert.ok(responses.get('fits'));
  const none = new ResponseCache(0);
  for (let i = 0; i < 3; i++) none.set('tiny', body(1));
  assert.is(none.get('tiny'), undefined);
  assert.is(none.size, 0);
});

cache.run();
