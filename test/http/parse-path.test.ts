import type { IncomingMessage } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePath } from '../../src/http/mock-app.js';

const parsing = suite("parsePath: polka's request parser without query parsing");

const CASES: [url: string, pathname: string, search: string, hash: string | undefined][] = [
  ['/', '/', '', undefined],
  ['/v2/solana/pools', '/v2/solana/pools', '', undefined],
  ['/v2/solana/pools?size=5&stats=24h', '/v2/solana/pools', '?size=5&stats=24h', undefined],
  ['/v2/solana/pools?', '/v2/solana/pools', '?', undefined],
  ['/?x=1', '/', '?x=1', undefined],
  ['/a#frag', '/a', '', '#frag'],
  ['/a?b=1#frag?c', '/a', '?b=1', '#frag?c'],
  ['/a?b=%20&b=2', '/a', '?b=%20&b=2', undefined],
  ['/%2F?q=SOL-USDC', '/%2F', '?q=SOL-USDC', undefined],
];

for (const [url, pathname, search, hash] of CASES) {
  parsing(url, () => {
    const req = { url } as IncomingMessage;
    const parsed = parsePath(req);
    assert.equal(parsed, { pathname, search, query: undefined, hash, raw: url });
    assert.is(parsePath(req), parsed, 'the same request is parsed once');
    req.url = '/other';
    assert.is(parsePath(req).pathname, '/other', 'a rewritten url is parsed again');
  });
}

parsing.run();
