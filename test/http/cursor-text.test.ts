import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCursor, listingText, openCursor } from '../../src/api/cursor.js';
import { resolveListing } from '../../src/api/params/listing-request.js';
import { POOLS_SPEC } from '../../src/api/params/pool-params.js';
import { ApiError } from '../../src/errors/api-error.js';
import { signCursor } from '../helpers/signed-cursors.js';

const KEY = 'a test key';
const ADDRESS = 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE';

const text = suite('cursor text: written from a listing made once, cut where its position starts (api/cursor.ts)');

text('a cursor is the base64url JSON of [endpoint, params, kind, address] and 16 bytes of its HMAC-SHA256', () => {
  const params = { sortBy: 'volume24h', stats: ['24h'], minTvl: '1000.5', q: 'a"b\\c', size: 50 };
  for (const [kind, letter] of [
    ['after', 'a'],
    ['before', 'b'],
  ] as const) {
    const payload = JSON.stringify(['pools', params, letter, ADDRESS]);
    const signature = createHmac('sha256', KEY).update(payload).digest().subarray(0, 16);
    assert.is(
      encodeCursor(KEY, listingText('pools', params), { kind, address: ADDRESS }),
      `${Buffer.from(payload).toString('base64url')}.${signature.toString('base64url')}`,
    );
  }
});

/** Signed payloads, and the listing and position openCursor cuts from each (none: the payload is read whole). */
const CUTS: [string, { listing: string; kind: string; address: string } | undefined][] = [
  [`["pools",{"size":50},"a","${ADDRESS}"]`, { listing: '["pools",{"size":50}', kind: 'after', address: ADDRESS }],
  [`["tokens",{},"b","${ADDRESS}"]`, { listing: '["tokens",{}', kind: 'before', address: ADDRESS }],
  [
    `["pools",{"q":"\\",\\"a\\",\\""},"a",""]`,
    { listing: '["pools",{"q":"\\",\\"a\\",\\""}', kind: 'after', address: '' },
  ],
  [`["pools",{},"a","A\\u0042"]`, undefined],
  [`["pools",{},"a","A\nB"]`, undefined],
  [`["pools",{},"a","A\u0000B"]`, undefined],
  [`["pools",{}, "a","${ADDRESS}"]`, undefined],
  [`["pools",{},"x","${ADDRESS}"]`, undefined],
  [`["pools",{},"a","${ADDRESS}"] `, undefined],
  [`["pools",{},"a",5]`, undefined],
  ['"]', undefined],
  ['[]', undefined],
];

for (const [payload, cut] of CUTS) {
  text(`opened: ${JSON.stringify(payload)}`, () => {
    const opened = openCursor(KEY, signCursor(KEY, payload));
    assert.is(opened.payload, payload);
    assert.equal(
      opened.listing === undefined
        ? undefined
        : { listing: opened.listing, kind: opened.position?.kind, address: opened.position?.address },
      cut,
    );
  });
}

text.run();

const kept = suite(
  'a listing read once per walk answers every cursor as a listing read afresh would (api/carried-params.ts)',
);

/** The 400's message for a `next` of `payload`, signed; fails when it is answered. */
function refusal(payload: string, as: 'next' | 'previous' = 'next'): string {
  try {
    resolveListing(POOLS_SPEC, new URLSearchParams({ [as]: signCursor(KEY, payload) }), KEY);
  } catch (error) {
    assert.instance(error, ApiError);
    return (error as ApiError).message;
  }
  throw new Error(`${payload} was answered`);
}

kept('a kept listing with an address JSON would refuse is refused as before', () => {
  const listing = '["pools",{"sortBy":"fees7d","size":9}';
  const made = resolveListing(POOLS_SPEC, new URLSearchParams({ next: signCursor(KEY, `${listing},"a","A"]`) }), KEY);
  assert.equal([made.size, made.params.sortBy, made.position], [9, 'fees7d', { kind: 'after', address: 'A' }]);
  assert.is(refusal(`${listing},"a","A\u0001B"]`), 'cursor is not one this server issued');
});

kept('the direction is checked before what a cursor carries, as a cursor read afresh', () => {
  const payload = `["pools",{"sortBy":"nonsense","size":5},"b","${ADDRESS}"]`;
  assert.is(refusal(payload), 'this cursor walks back: send it as previous');
  assert.is(refusal(payload, 'previous'), 'cursor carries an invalid sortBy');
});

kept(
  'a size sent with a kept listing changes the page size and the listing of the next cursors, not the kept one',
  () => {
    const listing = '["pools",{"stats":["24h"],"size":7}';
    const next = signCursor(KEY, `${listing},"a","${ADDRESS}"]`);
    const first = resolveListing(POOLS_SPEC, new URLSearchParams({ next }), KEY);
    const resized = resolveListing(POOLS_SPEC, new URLSearchParams({ next, size: '3' }), KEY);
    const again = resolveListing(POOLS_SPEC, new URLSearchParams({ next }), KEY);
    assert.equal([first.size, first.listing], [7, listing]);
    assert.equal([resized.size, resized.listing], [3, '["pools",{"stats":["24h"],"size":3}']);
    assert.equal([again.size, again.listing], [7, listing]);
    assert.ok(Object.isFrozen(again.params) && Object.isFrozen(again.params.stats));
  },
);

kept.run();
