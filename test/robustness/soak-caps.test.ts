import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Journal } from '../../src/chaos/journal.js';
import { Occurrences } from '../../src/chaos/decide.js';
import { RateLimiter } from '../../src/chaos/rate-limiter.js';

/** The structures that grow with traffic have caps, whatever the traffic. */
const caps = suite('robustness: caps on chaos state');

caps(
  'the journal, the limiter and the seeded request counts are capped however many distinct requests and clients come',
  () => {
    const journal = new Journal(50);
    for (let i = 0; i < 10_000; i++)
      journal.add({
        at: i,
        method: 'GET',
        url: `/v2/solana/pools?i=${i}`,
        client: '127.0.0.1',
        status: 200,
        durationMs: 0,
        delayMs: 0,
        fault: null,
      });
    const entries = journal.entries();
    assert.is(entries.length, 50);
    assert.is(entries[0]!.url, '/v2/solana/pools?i=9950', 'the journal keeps the most recent, oldest first');
    assert.is(entries[49]!.url, '/v2/solana/pools?i=9999');

    const limiter = new RateLimiter(5, 60_000, 100);
    for (let i = 0; i < 10_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`, i);
    assert.ok(limiter.size <= 100, `limiter holds ${limiter.size} clients, cap 100`);

    const occurrences = new Occurrences(1000);
    for (let i = 0; i < 10_000; i++) occurrences.next(`GET /v2/solana/pools?i=${i}`);
    assert.ok(occurrences.size <= 1000, `seeded counts hold ${occurrences.size} keys, cap 1000`);
  },
);

caps.run();
