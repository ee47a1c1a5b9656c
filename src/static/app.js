// The landing page: reads the mock's own API and admin routes. Every value goes in as text, never as
// HTML: symbols and journal URLs come from snapshots and clients.
const API = '/v2/solana';
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});
const price = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

/** A JSON GET; an error answer, a fault or malformed JSON becomes an Error with a readable message. */
async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${url} answered ${response.status} with a body that is not JSON (${text.length} bytes)`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${body.code ?? ''}: ${body.inner ?? text}`);
  return body;
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Runs `load` for a section, showing its status and its note, or on failure the error text, in the section. */
async function fill(id, load) {
  const section = document.getElementById(id);
  const message = section.querySelector('.message');
  section.dataset.status = 'loading';
  try {
    const note = await load(section);
    section.dataset.status = 'ready';
    message.textContent = note ?? '';
  } catch (error) {
    section.dataset.status = 'error';
    message.textContent = `Could not load: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function showFacts(list, facts) {
  list.replaceChildren(
    ...Object.entries(facts).flatMap(([key, value]) => [
      element('dt', {}, key),
      element(
        'dd',
        { 'data-key': key },
        value === null ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value),
      ),
    ]),
  );
}

const shortAddress = (address) => `${address.slice(0, 4)}…${address.slice(-4)}`;
const symbolOf = (token) => token.symbol ?? shortAddress(token.address);
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
    pair: `${symbolOf(pool.tokenA)}/${symbolOf(pool.tokenB)}`,
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

function setUpSorting(section, pools) {
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
      body.replaceChildren(...sortPools(pools, key, direction).map(poolRow));
    });
  }
}

async function loadPools(section) {
  const { data } = await getJson(`${API}/pools?sortBy=tvl&size=25&stats=24h`);
  section.querySelector('tbody').replaceChildren(...data.map(poolRow));
  setUpSorting(section, data);
  const link = document.getElementById('pool-detail-link');
  if (data[0]) {
    link.href = `${API}/pools/${data[0].address}?stats=24h`;
    link.textContent = `${API}/pools/${shortAddress(data[0].address)}?stats=24h`;
  }
}

async function loadJournal(section) {
  const { data } = await getJson('/__mock/requests');
  const rows = data
    .slice(-10)
    .reverse()
    .map((entry) =>
      element(
        'tr',
        { 'data-seq': String(entry.seq) },
        element('td', { class: 'num' }, String(entry.seq)),
        element('td', { class: 'url' }, `${entry.method} ${entry.url}`),
        element('td', { class: 'num' }, String(entry.status)),
        element('td', { class: 'num' }, String(entry.durationMs)),
        element('td', {}, entry.fault === null ? '' : String(entry.fault)),
      ),
    );
  section.querySelector('tbody').replaceChildren(...rows);
  return rows.length === 0 ? 'No API requests yet.' : undefined;
}

const loadChaos = async (section) => showFacts(section.querySelector('dl'), await getJson('/__mock/chaos'));
// The cursor key is for recorders (it lets a recording replay cursors), not for people.
// The dialect first: an app written against the live API needs `upstream` (README, "Pointing an app…").
const loadSnapshot = async (section) => {
  const health = await getJson('/__mock/health');
  const { cursorKey: _key, ...facts } = health.snapshot;
  const dialect = health.wire === 'upstream' ? "upstream (the live API's wire format)" : 'spec (docs/api.md)';
  // The market's step: 0 is the snapshot as stored (docs/market-moves.md).
  const { step, asOf, movesEveryMs } = health.market;
  const moves = movesEveryMs === null ? 'when told to' : `every ${movesEveryMs} ms`;
  const market = `step ${step} (${asOf}), moves ${moves}`;
  showFacts(section.querySelector('dl'), { dialect, market, ...facts });
};

async function refreshAdmin() {
  await fill('chaos', loadChaos);
  await fill('journal', loadJournal);
}

document.getElementById('refresh').addEventListener('click', refreshAdmin);
await Promise.all([fill('snapshot', loadSnapshot), fill('pools', loadPools)]);
// After the pools request, so that the journal shows it.
await refreshAdmin();
