// The top 25 pools by TVL, sortable by column on the page; loaded again whenever the market changes.
import { API, element, getJson, own, pairOf, price, shortAddress, symbolOf, usd } from './page-kit.js';

const logo = (token) =>
  element('img', {
    src: token.imageUrl ?? `/static/tokens/${token.address}.svg`,
    alt: symbolOf(token),
    width: '24',
    height: '24',
  });

/** Cell values of a pool, by column: what sorts and what is shown. */
function columns(pool) {
  return {
    pair: pairOf(pool),
    tvl: pool.tvlUsdc,
    volume: pool.stats?.['24h']?.volume ?? '0',
    fee: String(pool.feeRate),
    price: pool.price,
  };
}

const SHOWN = {
  tvl: (value) => usd.format(Number(value)),
  volume: (value) => usd.format(Number(value)),
  fee: (value) => `${(Number(value) / 10000).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`,
  price: (value) => price.format(Number(value)),
};

function poolRow(pool) {
  const values = columns(pool);
  const pair = element(
    'td',
    { class: 'pair' },
    logo(pool.tokenA),
    logo(pool.tokenB),
    element('a', { href: `${API}/pools/${pool.address}?stats=24h` }, values.pair),
  );
  const cells = Object.entries(SHOWN).map(([key, show]) =>
    element('td', { class: 'num', 'data-key': key, 'data-value': values[key] }, show(values[key])),
  );
  return element('tr', { 'data-address': pool.address }, pair, ...cells);
}

/** Client-side sorting for display: a stable sort of the API's order, numbers compared as numbers. */
function sortPools(pools, key, direction) {
  const sign = direction === 'ascending' ? 1 : -1;
  const compare = key === 'pair' ? (a, b) => (a < b ? -1 : a > b ? 1 : 0) : (a, b) => Number(a) - Number(b);
  return [...pools].sort((a, b) => sign * compare(columns(a)[key], columns(b)[key]));
}

/** The pools shown, in the API's order: what a header click sorts. */
let shown = [];

/** Sets up the header buttons once; each click sorts what is shown then. */
export function setUpSorting(section) {
  const body = section.querySelector('tbody');
  for (const header of section.querySelectorAll('th[data-sort]')) {
    header.addEventListener('click', () => {
      const key = header.dataset.sort;
      // The first click sorts names A→Z and figures largest first; the next click reverses.
      const first = key === 'pair' ? 'ascending' : 'descending';
      const direction =
        header.getAttribute('aria-sort') === first ? (first === 'ascending' ? 'descending' : 'ascending') : first;
      for (const other of section.querySelectorAll('th[data-sort]')) other.removeAttribute('aria-sort');
      header.setAttribute('aria-sort', direction);
      body.replaceChildren(...sortPools(shown, key, direction).map(poolRow));
    });
  }
}

/** Loads the table in the API's order (a sort clicked before is cleared) and points the detail link at its first. */
export async function loadPools(section) {
  const { data } = await getJson(own(`${API}/pools?sortBy=tvl&size=25&stats=24h`));
  shown = data;
  for (const header of section.querySelectorAll('th[data-sort]')) header.removeAttribute('aria-sort');
  section.querySelector('tbody').replaceChildren(...data.map(poolRow));
  const link = document.getElementById('pool-detail-link');
  if (data[0]) {
    link.href = `${API}/pools/${data[0].address}?stats=24h`;
    link.textContent = `${API}/pools/${shortAddress(data[0].address)}?stats=24h`;
  }
}
