import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ERROR_KEYS } from '../helpers/dialect.js';
import { exchange, stillServes } from '../helpers/http.js';
import { rawRequest } from '../helpers/raw-http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

/** Paths that try to leave src/static/: each must be a 404 (or 400) JSON error, never a file from outside. */
const traversal = suite('robustness: static files never leave src/static/ (docs/api.md §8)');

const STATIC = new URL('../../src/static/', import.meta.url);
const PACKAGE_JSON = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');

/** Text of files outside src/static/ that a traversal would return. */
const LEAKS = ['"devDependencies"', 'root:', 'export function', 'import {', '#!/'];

const PATHS = [
  '/static/../package.json',
  '/static/%2e%2e/package.json',
  '/static/%2E%2E/package.json',
  '/static/.%2e/package.json',
  '/static/%2e%2e%2fpackage.json',
  '/static/..%2f..%2fpackage.json',
  '/static/..%2F..%2Fpackage.json',
  '/static/%252e%252e/package.json',
  '/static/..%252f..%252fpackage.json',
  '/static/..\\package.json',
  '/static/..\\..\\package.json',
  '/static/%5c..%5cpackage.json',
  '/static/..%5c..%5cpackage.json',
  '/static/%2e%2e%5c%2e%2e%5cpackage.json',
  '/static/%00',
  '/static/%00../package.json',
  '/static/app.js%00.html',
  '/static/%c0%ae%c0%ae/package.json',
  '/static/%c0%ae%c0%ae%c0%afpackage.json',
  '/static/%e0%80%ae%e0%80%ae/package.json',
  '/static/..%c0%af..%c0%afpackage.json',
  '/static/%u002e%u002e/package.json',
  '/static/....//....//package.json',
  '/static/..;/package.json',
  '/static/./../package.json',
  '/static/x/../../package.json',
  '/static/../src/http/static-routes.ts',
  '/static/..%2fhttp%2fstatic-routes.ts',
  '/static/../../../../../../../../etc/passwd',
  '/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/static/%2fetc%2fpasswd',
  '//etc/passwd',
  '/static//etc/passwd',
  '/static///etc/passwd',
  '/static/tokens/../../package.json',
  '/static/tokens/..%2f..%2fpackage.json',
  '/static/tokens/%2e%2e%2f%2e%2e%2fpackage.json.svg',
  '/static/tokens/../../../../etc/passwd.svg',
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../package.json',
  '/./package.json',
  '/package.json',
  '/static/.hidden',
  '/static/.well-known/x',
  '/static/',
  '/static/app.js/',
  '/static/index',
  '/static/%',
  '/static/%zz',
  '/static/%ff%fe',
  `/static/${'../'.repeat(2000)}package.json`,
];

function assertNoLeak(context: string, status: number | null, text: string): void {
  assert.ok(status === 404 || status === 400, `${context}: answered ${status}: ${text.slice(0, 300)}`);
  for (const leak of LEAKS)
    assert.not.ok(text.includes(leak), `${context}: the answer holds ${leak}: ${text.slice(0, 300)}`);
}

traversal(
  'the targets exist, and files inside src/static/ are served: the cases below would notice a leak',
  async () => {
    assert.ok(PACKAGE_JSON.includes('"devDependencies"'));
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      for (const [path, file, type] of [
        ['/', 'index.html', 'text/html;charset=utf-8'],
        ['/static/app.js', 'app.js', 'text/javascript'],
        ['/static/style.css', 'style.css', 'text/css'],
      ] as const) {
        const answer = await exchange(server.port, { method: 'GET', path }, false);
        assert.ok(answer.ok && answer.status === 200, `${path}: ${JSON.stringify(answer).slice(0, 200)}`);
        assert.is(answer.body.toString('utf8'), readFileSync(new URL(file, STATIC), 'utf8'), path);
        assert.is(answer.headers['content-type'], type, path);
        const again = await exchange(
          server.port,
          { method: 'GET', path, headers: { 'if-none-match': String(answer.headers.etag) } },
          false,
        );
        assert.ok(again.ok && again.status === 304, `${path} with its ETag`);
      }
    });
  },
);

traversal(
  'traversal paths sent verbatim with node:http are 404 (or 400) JSON errors, and the server keeps serving',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      for (const path of PATHS) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await exchange(server.port, { method, path }, false);
          assert.ok(answer.ok, `${method} ${path}: ${answer.ok ? '' : answer.error}`);
          assertNoLeak(`${method} ${path}`, answer.status, answer.body.toString('latin1'));
          if (method === 'GET') {
            assert.is(answer.headers['content-type'], 'application/json; charset=utf-8', path);
            const body = JSON.parse(answer.body.toString('utf8'));
            assert.equal(Object.keys(body), ERROR_KEYS, path);
            assert.is(body.status, answer.status);
          }
        }
      }
      await stillServes(server, 'the traversal paths');
    });
  },
);

traversal(
  'raw bytes node:http would not send (literal NUL, overlong UTF-8, an absolute-form target) ' +
    'are refused or 404, never a file',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const lines: [string, Buffer][] = [
        ['a literal NUL', Buffer.from('GET /static/\u0000../package.json HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')],
        [
          'raw overlong dots',
          Buffer.concat([
            Buffer.from('GET /static/'),
            Buffer.from([0xc0, 0xae, 0xc0, 0xae]),
            Buffer.from('/package.json HTTP/1.1\r\nHost: x\r\n\r\n'),
          ]),
        ],
        [
          'an absolute-form target',
          Buffer.from('GET http://127.0.0.1/static/../package.json HTTP/1.1\r\nHost: x\r\n\r\n'),
        ],
        ['a target without a leading slash', Buffer.from('GET static/../package.json HTTP/1.1\r\nHost: x\r\n\r\n')],
        ['a tab in the target', Buffer.from('GET /static/..\t/package.json HTTP/1.1\r\nHost: x\r\n\r\n')],
      ];
      for (const [name, bytes] of lines) {
        const result = await rawRequest(server.port, bytes, 1500);
        if (result.status !== null) assertNoLeak(name, result.status, result.text);
        else assert.ok(result.closed, `${name}: neither an answer nor a closed connection`);
        await stillServes(server, name);
      }
    });
  },
);

traversal('Range headers are ignored (sirv would fail on a reversed range): 200 with the whole file', async () => {
  await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
    const whole = readFileSync(new URL('app.js', STATIC), 'utf8');
    for (const range of [
      'bytes=10-5',
      'bytes=-5',
      'bytes=0-0',
      'bytes=abc',
      `bytes=${whole.length + 10}-`,
      'bytes=0-1,5-9',
      'items=0-1',
    ]) {
      const answer = await exchange(server.port, { method: 'GET', path: '/static/app.js', headers: { range } }, false);
      assert.ok(answer.ok && answer.status === 200, `${range}: ${JSON.stringify(answer).slice(0, 200)}`);
      assert.is(answer.body.toString('utf8'), whole, range);
    }
    await stillServes(server, 'Range headers');
  });
});

traversal.run();
