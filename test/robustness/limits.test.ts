import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ERROR_KEYS } from '../helpers/dialect.js';
import { exchange, stillServes } from '../helpers/http.js';
import { rawRequest, type RawResult } from '../helpers/raw-http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

/** Oversized and malformed requests: answered or cut off, and the server keeps serving. */
const limits = suite('robustness: request limits');

/** An answer's JSON error body has the keys of its dialect (docs/api.md §1.5, §9.1); the admin API keeps its code. */
function assertErrorKeys(result: RawResult, request: string): void {
  const body = JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
  assert.equal(
    Object.keys(body),
    / \/__mock\//.test(request.split('\r\n')[0]!) ? ['status', 'inner', 'code'] : ERROR_KEYS,
  );
  assert.is(body.status, result.status);
}

limits('headers over 16 KB get 431 (or the connection is closed), and the server still answers', async () => {
  await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
    const cases: [string, string][] = [
      ['one 20 KB header', `GET /v2/solana/pools HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20 * 1024)}\r\n\r\n`],
      [
        '400 headers of 60 bytes',
        'GET /v2/solana/pools HTTP/1.1\r\nHost: x\r\n' +
          `${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'z'.repeat(50)}\r\n`).join('')}\r\n`,
      ],
      ['a 20 KB request line', `GET /v2/solana/pools?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`],
      ['a 20 KB cookie', `GET /__mock/health HTTP/1.1\r\nHost: x\r\nCookie: ${'c=1; '.repeat(4096)}\r\n\r\n`],
    ];
    for (const [name, request] of cases) {
      const result = await rawRequest(server.port, request);
      assert.ok(
        result.status === 431 || (result.status === null && result.closed),
        `${name}: ${result.status} closed=${result.closed} ${result.text.slice(0, 200)}`,
      );
      if (result.status !== null) assertErrorKeys(result, request);
      await stillServes(server, name);
    }
  });
});

limits(
  'malformed requests (bad request line, raw non-ASCII bytes, bad framing) get a 4xx or a closed connection, ' +
    'and the server still answers',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const cases: [string, Buffer | string][] = [
        ['garbage', 'this is not http\r\n\r\n'],
        ['binary', Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])],
        [
          'a raw é in the path',
          Buffer.concat([
            Buffer.from('GET /v2/solana/pools/search?q='),
            Buffer.from([0xc3, 0xa9]),
            Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
          ]),
        ],
        ['a DEL byte in the path', 'GET /v2/solana/pools?q=a\x7fb HTTP/1.1\r\nHost: x\r\n\r\n'],
        ['HTTP/9.9', 'GET /v2/solana/pools HTTP/9.9\r\nHost: x\r\n\r\n'],
        ['a negative Content-Length', 'PUT /__mock/chaos HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n'],
        [
          'two different Content-Lengths',
          'PUT /__mock/chaos HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
        ],
        [
          'Content-Length with chunked',
          'PUT /__mock/chaos HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        ],
        ['a header without a colon', 'GET /v2/solana/pools HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'],
        ['a bare LF request', 'GET /v2/solana/pools HTTP/1.1\nHost: x\n\n'],
      ];
      for (const [name, request] of cases) {
        const result = await rawRequest(server.port, request);
        assert.ok(
          (result.status !== null && result.status >= 400 && result.status < 500) ||
            (result.status === null && result.closed) ||
            result.status === 200,
          `${name}: ${result.status} closed=${result.closed} ${JSON.stringify(result.text.slice(0, 200))}`,
        );
        await stillServes(server, name);
      }
    });
  },
);

limits(
  'a request body over 64 KB to PUT /__mock/chaos gets 413 (or the connection is closed), ' +
    'and the settings stay as they were',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const settings = server.chaos.describe();
      for (const size of [70 * 1024, 1024 * 1024, 4 * 1024 * 1024]) {
        const body = Buffer.alloc(size, 0x20);
        body.write('{"errorRate": 1}');
        const answer = await exchange(
          server.port,
          { method: 'PUT', path: '/__mock/chaos', body, headers: { 'content-type': 'application/json' } },
          false,
        );
        if (answer.ok) {
          assert.is(answer.status, 413, `${size} bytes: ${answer.body.toString().slice(0, 200)}`);
          const error = JSON.parse(answer.body.toString());
          assert.is(error.status, 413);
          assert.type(error.inner, 'string');
          assert.type(error.code, 'string');
        } else {
          assert.match(answer.error, /EPIPE|ECONNRESET|socket hang up/, `${size} bytes: ${answer.error}`);
        }
        assert.equal(server.chaos.describe(), settings, `${size} bytes changed the settings`);
        await stillServes(server, `a ${size}-byte body`);
      }
    });
  },
);

limits(
  'a client that breaks off in the middle of a PUT /__mock/chaos body is not an internal error ' +
    '(nothing reported through onError)',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const cases: [string, string][] = [
        [
          'a body cut short, then a disconnect',
          'PUT /__mock/chaos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{"latency":',
        ],
        [
          'a chunked body with a bad chunk size',
          'PUT /__mock/chaos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
        ],
      ];
      for (const [name, request] of cases) {
        // The first case gets no answer (the body never completes): the client gives up after 300 ms.
        const result = await rawRequest(server.port, request, 300);
        assert.ok(
          result.status === null || (result.status >= 400 && result.status < 500),
          `${name}: ${result.status} ${result.text.slice(0, 200)}`,
        );
        await stillServes(server, name);
      }
      // withServer then asserts that onError saw nothing: the CLI
      // prints what it sees as "internal error" with a stack trace.
    });
  },
);

limits.run();
