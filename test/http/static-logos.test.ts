import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenLogoSvg } from '../../src/snapshot/served/logo-svg.js';
import { assertError } from '../helpers/api-errors.js';
import { call, raw } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

/**
 * Well-formed XML, checked by hand (no XML parser among the dependencies): one `<svg>` root in the SVG
 * namespace, tags that nest, quoted attributes, and no bare `<` or `&` in text or attribute values.
 */
function assertWellFormedSvg(text: string, context: string): void {
  const reference = '&(?:#\\d+|#x[\\da-fA-F]+|amp|lt|gt|quot|apos);';
  const value = `"(?:[^"<&]|${reference})*"`;
  const piece = new RegExp(
    `<(/?)([A-Za-z][\\w:-]*)((?:\\s+[\\w:-]+=${value})*)\\s*(/?)>|((?:[^<&]|${reference})+)`,
    'y',
  );
  const open: string[] = [];
  let roots = 0;
  while (piece.lastIndex < text.length) {
    const at = piece.lastIndex;
    const match = piece.exec(text);
    assert.ok(match, `${context}: not well-formed at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    const [, closing, name, attributes, selfClosing, content] = match;
    if (content !== undefined) {
      assert.ok(open.length > 0 || content.trim() === '', `${context}: text outside the root`);
    } else if (closing) {
      assert.is(open.pop(), name, `${context}: </${name}> closes another element`);
    } else {
      if (open.length === 0) {
        roots++;
        assert.is(name, 'svg', `${context}: root element`);
        assert.match(attributes ?? '', /\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/, `${context}: SVG namespace`);
      }
      if (!selfClosing) open.push(name!);
    }
  }
  assert.is(open.length, 0, `${context}: unclosed ${open.join(', ')}`);
  assert.is(roots, 1, `${context}: one root element`);
}

/** What a logo draws: the content of its `<text>`, or null for the symbol-less ring. */
const drawn = (svg: string): string | null => /<text [^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? null;
const fontSize = (svg: string): string | undefined => /font-size="(\d+)"/.exec(svg)?.[1];
const SOL = 'So11111111111111111111111111111111111111112';

const logos = suite('token logos: tokenLogoSvg is a pure, escaped SVG');

// [symbol, what the <text> holds exactly (XML-escaped), font size]; null text = no <text>, a ring instead.
const CASES: [string | null, string | null, string | undefined][] = [
  ['SOL', 'SOL', '20'],
  ['USDC', 'USDC', '16'],
  ['mSOL', 'mSOL', '16'],
  ['JitoSOL', 'Jito', '16'],
  ['X', 'X', '30'],
  ['wB', 'wB', '26'],
  ['<&"', '&#60;&#38;&#34;', '20'],
  ["a'b>c", 'a&#39;b&#62;', '16'],
  ['</text><script>', '&#60;/te', '16'],
  ['W I F', 'WIF', '20'],
  ['\u0000X\u0007\u001b', 'X', '30'],
  ['🐶DOGE', '🐶DOG', '16'],
  ['\ud800A', 'A', '30'],
  ['\ufffe\uffff', null, undefined],
  ['', null, undefined],
  ['   ', null, undefined],
  [null, null, undefined],
];

for (const [symbol, text, size] of CASES) {
  logos(`symbol ${JSON.stringify(symbol)} draws ${text === null ? 'the ring' : text}`, () => {
    const svg = tokenLogoSvg(SOL, symbol);
    assertWellFormedSvg(svg, JSON.stringify(symbol));
    assert.is(drawn(svg), text);
    assert.is(fontSize(svg), size);
    if (text === null) assert.match(svg, /<circle cx="32" cy="32" r="12" fill="none" stroke="#fff"/);
    assert.not.match(svg, /<script/i);
  });
}

logos('the aria-label names the symbol, escaped, or "token" without one', () => {
  assert.match(tokenLogoSvg(SOL, 'SOL'), /aria-label="SOL"/);
  assert.match(tokenLogoSvg(SOL, 'a"b<c'), /aria-label="a&#34;b&#60;c"/);
  assert.match(tokenLogoSvg(SOL, null), /aria-label="token"/);
  assert.match(tokenLogoSvg(SOL, '\u0000'), /aria-label="token"/);
});

logos('the same arguments give the same bytes; another address gives other colours', () => {
  const colours = (svg: string): string[] => [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1]!);
  assert.is(tokenLogoSvg(SOL, 'SOL'), tokenLogoSvg(SOL, 'SOL'));
  const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  assert.is(colours(tokenLogoSvg(SOL, 'X')).length, 2);
  assert.is(colours(tokenLogoSvg(usdc, 'X')).length, 2);
  assert.not.equal(colours(tokenLogoSvg(SOL, 'X')), colours(tokenLogoSvg(usdc, 'X')));
  assert.is.not(tokenLogoSvg(SOL, 'SOL'), tokenLogoSvg(SOL, 'SOLA'));
});

logos.run();

const routes = suite('token logos: GET /static/tokens/<mint>.svg (docs/api.md §8)');
const served = serve(routes);
const logoUrl = (mint: string): string => `${served.origin}/static/tokens/${mint}.svg`;

/** A GET of a file that is not JSON. */
const fetchText = async (url: string): Promise<{ status: number; headers: Headers; text: string }> =>
  fetch(url).then(async (response) => ({
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  }));

routes(
  'every token of the snapshot has its logo: 200 image/svg+xml, cached for good, well-formed, the same bytes twice',
  async () => {
    const bodies = new Set<string>();
    assert.ok(
      served.model.tokens.some((t) => t.symbol === null),
      'the snapshot has tokens without metadata',
    );
    for (const token of served.model.tokens) {
      const reply = await fetchText(logoUrl(token.address));
      assert.is(reply.status, 200, token.address);
      assert.is(reply.headers.get('content-type'), 'image/svg+xml');
      assert.is(reply.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(reply.headers.get('etag') ?? '', /^"[\x21\x23-\x7e]+"$/, 'a strong ETag');
      assertWellFormedSvg(reply.text, token.address);
      assert.is(reply.text, tokenLogoSvg(token.address, token.symbol));
      assert.is(
        drawn(reply.text) === null,
        token.symbol === null || token.symbol.trim() === '',
        `${token.symbol}: initials or the ring`,
      );
      const again = await fetchText(logoUrl(token.address));
      assert.is(again.text, reply.text, 'deterministic');
      assert.is(again.headers.get('etag'), reply.headers.get('etag'));
      bodies.add(reply.text);
    }
    assert.is(bodies.size, served.model.tokens.length, 'every token has its own logo');
  },
);

routes('If-None-Match with the ETag gives 304 with no body; HEAD gives the headers only', async () => {
  const mint = served.model.tokens[1]!.address;
  const first = await raw(logoUrl(mint));
  const etag = first.headers.etag!;
  for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await raw(logoUrl(mint), { headers: { 'if-none-match': header } });
    assert.is(again.status, 304, header);
    assert.is(again.body.length, 0);
    assert.is(again.headers.etag, etag);
  }
  assert.is((await raw(logoUrl(mint), { headers: { 'if-none-match': '"other"' } })).status, 200);
  const head = await raw(logoUrl(mint), { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(head.headers['content-length'], String(first.body.length));
});

routes('an unknown but well-formed mint is a 404 not_found JSON body', async () => {
  for (const mint of ['11111111111111111111111111111111', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1w']) {
    assert.not.ok(served.model.token.has(mint));
    assertError(await call(logoUrl(mint)), 404, 'not_found');
  }
});

routes('a malformed logo path is a 404 not_found JSON body too: it names a file, not a parameter', async () => {
  const mint = served.model.tokens[0]!.address;
  const paths = [
    `${mint}.png`,
    mint,
    `${mint}.SVG`,
    `${mint}.svg.svg`,
    `${mint}1.svg`,
    `${mint.slice(1)}x.svg`,
    `0OIl${mint.slice(4)}.svg`,
    '.svg',
    'x.svg',
    `%20${mint}.svg`,
    `${mint}.svg/`,
    `x/${mint}.svg`,
    `${mint}.svg%00`,
    `${'z'.repeat(5000)}.svg`,
    '',
  ];
  for (const path of paths) assertError(await call(`${served.origin}/static/tokens/${path}`), 404, 'not_found');
});

routes('other methods are 405 with Allow; logos and the page are never subject to chaos', async () => {
  const mint = served.model.tokens[0]!.address;
  const post = await call(logoUrl(mint), { method: 'POST' });
  assertError(post, 405, 'method_not_allowed');
  assert.is(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  served.server.chaos.replace({ errorRate: 1, errorStatus: [503] });
  try {
    assertError(await call(`${served.url}/protocol`), 503, 'injected_fault');
    for (const url of [logoUrl(mint), `${served.origin}/`, `${served.origin}/static/app.js`])
      assert.is((await fetchText(url)).status, 200, url);
  } finally {
    served.server.chaos.reset();
  }
});

routes.run();
