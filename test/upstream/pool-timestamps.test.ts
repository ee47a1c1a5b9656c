import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ok, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { serve } from '../helpers/server.js';

// Pool timestamps as each dialect writes them (docs/api.md §9.2): the live dialect's `updatedAt` to the microsecond,
// as the live API's captures have it, the spec dialect's the same instant to the second; the rewards' and the
// trade-enable timestamps to the second in both.

const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const MICROS = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.(\d{6})Z$/;

const times = suite('HTTP pool timestamps: the live dialect writes updatedAt with microseconds, the spec its second');
const live = serve(times, { wire: 'upstream' });
const spec = serve(times, { wire: 'spec' });

/** Every pool's detail, by address, from a server. */
async function details(url: string, addresses: readonly string[]): Promise<Map<string, Json>> {
  const out = new Map<string, Json>();
  for (const address of addresses) out.set(address, (await ok(`${url}/pools/${address}`)).data as Json);
  return out;
}

const asOfOf = async (origin: string): Promise<string> => (await ok(`${origin}/__mock/health`)).snapshot.asOf;

times('every pool: six fractional digits, at or before asOf, its second the spec dialect’s', async () => {
  const listed = (await ok(`${live.url}/pools?includeBlocked=true&size=1000`)).data as Json[];
  const asOf = Date.parse(await asOfOf(live.origin));
  const specItems = (await ok(`${spec.url}/pools?includeBlocked=true&size=1000`)).data as Json[];
  const specDetails = await details(
    spec.url,
    specItems.slice(0, 60).map((p) => p.address as string),
  );
  let fractional = 0;
  for (const item of listed) {
    const match = MICROS.exec(item.updatedAt as string);
    assert.ok(match, `${item.address}: updatedAt ${item.updatedAt}`);
    if (match![2] !== '000000') fractional++;
    assert.ok(Date.parse(`${match![1]}Z`) <= asOf, `${item.address} updated after asOf`);
    assert.match(item.rewardLastUpdatedTimestamp as string, SECONDS);
    assert.match(item.tradeEnableTimestamp as string, SECONDS);
    assert.ok(item.rewardLastUpdatedTimestamp <= `${match![1]}Z`, `${item.address} rewards after the update`);
    const specDetail = specDetails.get(item.address as string);
    if (specDetail) assert.is(specDetail.updatedAt, `${match![1]}Z`, `${item.address}`);
  }
  assert.is(specDetails.size, 60);
  assert.ok(fractional > listed.length * 0.9, `${fractional} of ${listed.length} with microseconds`);
});

times('the live detail carries the same updatedAt as its list item', async () => {
  const listed = (await ok(`${live.url}/pools?size=25`)).data as Json[];
  const detail = await details(
    live.url,
    listed.map((p) => p.address as string),
  );
  for (const item of listed) assert.is(detail.get(item.address as string)!.updatedAt, item.updatedAt);
});

times('a pool a market step writes: updatedAt is the step’s instant, .000000 in the live dialect', async () => {
  const market = marketCalls(live.origin);
  try {
    const state = await market.advance(3);
    const instant = (state.asOf as string).replace('Z', '.000000Z');
    const listed = (await ok(`${live.url}/pools?includeBlocked=true&size=1000`)).data as Json[];
    const written = listed.filter((p) => p.updatedAt === instant);
    assert.ok(written.length > 0, `no pool written at ${instant}`);
    for (const p of written) assert.is(p.rewardLastUpdatedTimestamp, state.asOf);
    for (const p of listed) assert.match(p.updatedAt as string, MICROS);
  } finally {
    await market.reset();
  }
});

times.run();
