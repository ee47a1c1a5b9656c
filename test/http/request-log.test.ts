import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RequestLogEntry } from '../../src/http/request-log.js';
import { call } from '../helpers/http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';
import { waitFor } from '../helpers/waiting.js';

const logged = suite('HTTP: the request log has an entry per request once it ends, as onRequest is given');

/** An entry without its time, which no test can know. */
const timeless = ({ durationMs, line, ...rest }: RequestLogEntry) => ({
  ...rest,
  line: line.replace(/ \d+ ms/, ' ? ms'),
  durationMs: typeof durationMs,
});

logged(
  'API, admin changes and unknown paths are logged with chaos and ignored parameters; reads of the page not',
  async () => {
    const entries: RequestLogEntry[] = [];
    await withServer({ ...SMALL_SERVER, onRequest: (e) => entries.push(e) }, async ({ url, origin }) => {
      await call(`${url}/tokens?size=1&sortBy=volume_24h`);
      await call(`${url}/protocol?__delay=30&__status=429`);
      await fetch(`${origin}/`).then((r) => r.text());
      await fetch(`${origin}/static/app.js`).then((r) => r.text());
      await call(`${origin}/__mock/requests`);
      await call(`${url}/pools`, {
        method: 'OPTIONS',
        headers: { origin: 'http://x', 'access-control-request-method': 'GET' },
      });
      await call(`${origin}/__mock/market/advance`, { method: 'POST' });
      await call(`${origin}/v3/nope`, { method: 'HEAD' });
      assert.ok(await waitFor(() => entries.length >= 4, 5000), JSON.stringify(entries));
      assert.equal(entries.map(timeless), [
        {
          method: 'GET',
          url: '/v2/solana/tokens?size=1&sortBy=volume_24h',
          status: 200,
          delayMs: 0,
          fault: null,
          ignored: [{ name: 'sortBy', didYouMean: 'sort_by' }],
          line: 'GET /v2/solana/tokens?size=1&sortBy=volume_24h 200 ? ms [ignored: sortBy (did you mean sort_by?)]',
          durationMs: 'number',
        },
        {
          method: 'GET',
          url: '/v2/solana/protocol?__delay=30&__status=429',
          status: 429,
          delayMs: 30,
          fault: 429,
          ignored: [],
          line: 'GET /v2/solana/protocol?__delay=30&__status=429 429 ? ms [chaos: delay 30 ms, fault 429]',
          durationMs: 'number',
        },
        {
          method: 'POST',
          url: '/__mock/market/advance',
          status: 200,
          delayMs: 0,
          fault: null,
          ignored: [],
          line: 'POST /__mock/market/advance 200 ? ms',
          durationMs: 'number',
        },
        {
          method: 'HEAD',
          url: '/v3/nope',
          status: 404,
          delayMs: 0,
          fault: null,
          ignored: [],
          line: 'HEAD /v3/nope 404 ? ms',
          durationMs: 'number',
        },
      ]);
    });
  },
);

logged('a dropped connection is logged without a status; a listener that throws is reported, not fatal', async () => {
  const entries: RequestLogEntry[] = [];
  const errors: unknown[] = [];
  let calls = 0;
  const onRequest = (entry: RequestLogEntry): void => {
    entries.push(entry);
    if (++calls === 1) throw new Error('listener bug');
  };
  await withServer({ ...SMALL_SERVER, onRequest, onError: (e) => errors.push(e) }, async ({ url }) => {
    await call(`${url}/protocol`);
    await fetch(`${url}/protocol?__status=reset`).catch(() => undefined);
    assert.is((await call(`${url}/protocol`)).status, 200, 'still serving');
    assert.ok(await waitFor(() => entries.length >= 3, 5000));
    assert.equal(
      entries.map((e) => [e.status, e.fault, e.line.replace(/ \d+ ms/, ' ? ms')]),
      [
        [200, null, 'GET /v2/solana/protocol 200 ? ms'],
        [0, 'reset', 'GET /v2/solana/protocol?__status=reset - ? ms [chaos: reset]'],
        [200, null, 'GET /v2/solana/protocol 200 ? ms'],
      ],
    );
    assert.equal(
      errors.map((e) => (e as Error).message),
      ['listener bug'],
    );
  });
});

logged.run();
