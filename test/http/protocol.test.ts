import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { D, type PoolRow } from '../helpers/expected.js';
import { upstreamProtocol, wholeRoundedUp } from '../helpers/expected-upstream.js';
import { okObject } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { UPSTREAM } from '../helpers/test-wire.js';

const protocol = suite(
  'HTTP /protocol and the exchange token: figures equal the snapshot (docs/api.md §5.8–§5.10, §6.5)',
);
const served = serve(protocol);

/** A figure as docs/api.md §7.1 serves it: rounded once, half-even, to 20 fractional digits. */
const figure = (value: Decimal): Decimal => value.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN);
const live = (): PoolRow[] => served.model.pools.filter((p) => !p.blocked);
const sum = (values: Decimal.Value[]): Decimal => values.reduce<Decimal>((total, v) => total.plus(v), new D(0));

protocol('/protocol equals the protocol row', async () => {
  const row = served.model.protocol;
  const spec = {
    tvl: row.tvl,
    volume24hUsdc: row.volume_24h_usdc,
    fees24hUsdc: row.fees_24h_usdc,
    revenue24hUsdc: row.revenue_24h_usdc,
  };
  assert.equal(await okObject(`${served.url}/protocol`), UPSTREAM ? upstreamProtocol(served.model) : spec);
});

protocol('/protocol figures are the sums over non-blocked pools; revenue is the protocol share of fees', async () => {
  const data = await okObject(`${served.url}/protocol`);
  const pools = live();
  assert.ok(pools.length < served.model.pools.length, 'some pools are blocked');
  assert.ok(figure(sum(pools.map((p) => p.tvl))).eq(data.tvl), `tvl ${data.tvl}`);
  assert.ok(
    figure(sum(pools.map((p) => p.stats['24h']!.volume))).eq(data.volume24hUsdc),
    `volume ${data.volume24hUsdc}`,
  );
  assert.ok(figure(sum(pools.map((p) => p.stats['24h']!.fees))).eq(data.fees24hUsdc), `fees ${data.fees24hUsdc}`);
  const revenue = sum(
    pools.map((p) => new D(p.stats['24h']!.fees).times(p.row.protocol_fee_rate as number).div(10000)),
  );
  assert.ok(figure(revenue).eq(data.revenue24hUsdc), `revenue ${data.revenue24hUsdc}`);
});

protocol('/protocol/token equals the exchange_token row and its token', async () => {
  const row = served.model.exchange;
  const token = served.model.tokens.find((t) => t.id === row.token_id)!;
  const data = await okObject(`${served.url}/protocol/token`);
  assert.equal(
    { ...data, description: '' },
    {
      symbol: token.symbol,
      name: token.name,
      description: '',
      imageUrl: token.imageUrl,
      price: row.price,
      circulatingSupply: row.circulating_supply,
      totalSupply: row.total_supply,
      stats: { '24h': { volume: row.volume_24h } },
    },
  );
  assert.type(data.description, 'string');
  assert.ok(data.description.length > 0);
});

const SUPPLIES: [string, string, string][] = [
  ['/protocol/token/circulating_supply', 'circulating_supply', 'circulatingSupply'],
  ['/protocol/token/total_supply', 'total_supply', 'totalSupply'],
];
// The live dialect sends the supplies as whole tokens, rounded up (docs/api.md §9.1); /protocol/token keeps the figure.
for (const [path, key, tokenKey] of SUPPLIES) {
  protocol(
    `${path} equals the row (${UPSTREAM ? 'rounded up' : '6 fractional digits'}), as /protocol/token`,
    async () => {
      const row = served.model.exchange[key] as string;
      const body = await okObject(`${served.url}${path}`);
      assert.equal(body, { [key]: UPSTREAM ? wholeRoundedUp(row) : row });
      assert.match(row, /^\d+\.\d{6}$/);
      assert.match(body[key], UPSTREAM ? /^\d+$/ : /^\d+\.\d{6}$/);
      const figure = (await okObject(`${served.url}/protocol/token`))[tokenKey];
      assert.is(UPSTREAM ? wholeRoundedUp(figure) : figure, body[key]);
    },
  );
}

protocol('circulating supply does not exceed total supply', async () => {
  const circulating = (await okObject(`${served.url}/protocol/token/circulating_supply`)).circulating_supply;
  const total = (await okObject(`${served.url}/protocol/token/total_supply`)).total_supply;
  assert.ok(new D(circulating).lte(total) && new D(circulating).gt(0));
});

protocol.run();
