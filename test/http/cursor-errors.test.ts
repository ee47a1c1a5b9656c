import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertError } from '../helpers/api-errors.js';
import { call, okPage } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const errors = suite('HTTP cursor errors: 400 invalid_cursor (docs/api.md §2, §3.4)');
const served = serve(errors);

/** The `next` and `previous` cursors of a page of `path` (its second page, so both exist). */
async function cursors(path: string): Promise<{ next: string; previous: string }> {
  const first = await okPage(`${served.url}${path}`);
  const second = await okPage(`${served.url}${path.split('?')[0]}?next=${encodeURIComponent(first.meta.next!)}`);
  assert.type(second.meta.next, 'string');
  assert.type(second.meta.previous, 'string');
  return second.meta as { next: string; previous: string };
}

/** Replaces the character at `index` with another base64url character. */
function flip(cursor: string, index: number): string {
  const replacement = cursor[index] === 'A' ? 'B' : 'A';
  return `${cursor.slice(0, index)}${replacement}${cursor.slice(index + 1)}`;
}

async function rejected(path: string): Promise<void> {
  assertError(await call(`${served.url}${path}`), 400, 'invalid_cursor');
}

const enc = encodeURIComponent;

errors('a tampered cursor (one character flipped anywhere but the last) is refused', async () => {
  const { next } = await cursors('/pools?sortBy=volume7d&size=10');
  assert.is((await call(`${served.url}/pools?next=${enc(next)}`)).status, 200);
  for (const index of [
    0,
    3,
    Math.floor(next.length / 3),
    Math.floor(next.length / 2),
    next.length - 5,
    next.length - 2,
  ]) {
    await rejected(`/pools?next=${enc(flip(next, index))}`);
  }
});

errors('a cursor with characters cut or added is refused', async () => {
  const { next } = await cursors('/tokens?size=10');
  await rejected(`/tokens?next=${enc(next.slice(0, -4))}`);
  await rejected(`/tokens?next=${enc(next.slice(4))}`);
  await rejected(`/tokens?next=${enc(`${next}AAAA`)}`);
});

const GARBAGE = [
  'garbage',
  '!!!',
  'abc.def',
  'e30',
  'eyJlbmRwb2ludCI6InBvb2xzIn0',
  '....',
  'null',
  '%00',
  'A'.repeat(9000),
];
for (const value of GARBAGE) {
  errors(
    `garbage cursor ${value.length > 20 ? `${value.slice(0, 8)}… (${value.length} chars)` : `'${value}'`} is refused`,
    async () => {
      await rejected(`/pools?next=${enc(value)}`);
      await rejected(`/tokens?previous=${enc(value)}`);
    },
  );
}

const FOREIGN: [string, string, string][] = [
  ['a /tokens cursor sent to /pools', '/tokens?size=10', '/pools'],
  ['a /tokens cursor sent to /tokens/search', '/tokens?size=10', '/tokens/search'],
  ['a /pools cursor sent to /tokens', '/pools?size=10', '/tokens'],
  ['a /pools cursor sent to /pools/search', '/pools?size=10', '/pools/search'],
  ['a /pools/search cursor sent to /pools', '/pools/search?q=usd&size=10', '/pools'],
  ['a /tokens/search cursor sent to /tokens', '/tokens/search?q=a&size=10', '/tokens'],
];
for (const [name, source, target] of FOREIGN) {
  errors(`${name} is refused`, async () => {
    const { next, previous } = await cursors(source);
    await rejected(`${target}?next=${enc(next)}`);
    await rejected(`${target}?previous=${enc(previous)}`);
  });
}

errors('a next cursor sent as previous, and a previous cursor sent as next, are refused', async () => {
  const { next, previous } = await cursors('/pools?sortBy=fees&size=10');
  await rejected(`/pools?previous=${enc(next)}`);
  await rejected(`/pools?next=${enc(previous)}`);
  const tokens = await cursors('/tokens?sort_by=volume_24h&size=10');
  await rejected(`/tokens?previous=${enc(tokens.next)}`);
  await rejected(`/tokens?after=${enc(tokens.previous)}`);
});

/** First-page query, then a parameter sent with its cursor that differs from the carried value. */
const MISMATCH: [string, string, string][] = [
  ['/pools', 'sortBy=volume7d&size=10', 'sortBy=tvl'],
  ['/pools', 'sortBy=volume7d&size=10', 'sortBy=volume24h'],
  ['/pools', 'sortBy=volume7d&size=10', 'sortDirection=asc'],
  ['/pools', 'size=10', 'sortBy=tvl'],
  ['/pools', 'size=10', 'sortBy=volume7d'],
  ['/pools', 'size=10', 'whirlpoolConfigs=2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ'],
  ['/pools', 'isLaunchPool=true&size=10', 'isWavebreak=false'],
  ['/pools', 'minTvl=100&size=10', 'minTvl=200'],
  ['/pools', 'minTvl=100&size=10', 'hasWarning=true'],
  ['/pools', 'size=10', 'hasRewards=true'],
  ['/pools', 'size=10', 'includeBlocked=true'],
  ['/pools', 'stats=24h&size=10', 'stats=7d'],
  ['/pools', 'size=10', 'token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  ['/pools/search', 'q=usd&size=10', 'q=sol'],
  ['/pools/search', 'q=usd&size=10', 'verifiedOnly=true'],
  ['/tokens', 'sort_by=volume_24h&size=10', 'sort_by=address'],
  ['/tokens', 'size=10', 'sort_direction=desc'],
  ['/tokens/search', 'q=a&size=10', 'q=b'],
];
for (const [endpoint, first, changed] of MISMATCH) {
  errors(`${endpoint}?${first}, then its cursors with ${changed}: refused`, async () => {
    const { next, previous } = await cursors(`${endpoint}?${first}`);
    await rejected(`${endpoint}?next=${enc(next)}&${changed}`);
    await rejected(`${endpoint}?previous=${enc(previous)}&${changed}`);
  });
}

errors.run();
