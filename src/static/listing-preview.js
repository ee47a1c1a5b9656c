// The listing preview: one API request as an app would send it, with what chaos and the market did to it, sent
// again after every change the page makes, so that a click shows its effect: the status, the time, the step, and
// each figure that moved since the answer before, marked ▲ or ▼.
import { API, element, errorText, own, pairOf, price, showFacts, usd } from './page-kit.js';

export const PREVIEW = `${API}/pools?sortBy=tvl&size=5&stats=24h`;
/** Longer than any latency preset, shorter than a hang: a hung request shows as one. */
const TIMEOUT_MS = 15_000;
let sent = 0;

/** The figures of the last answer shown, by pool: a figure that differs now is marked with the way it went. */
let before = new Map();

function figureCell(pool, key, value, shown) {
  const was = before.get(pool.address)?.[key];
  const moved = was === undefined || Number(was) === Number(value) ? null : Number(value) > Number(was) ? 'up' : 'down';
  const attributes = { class: 'num', 'data-key': key, 'data-value': value };
  if (moved === null) return element('td', attributes, shown);
  return element('td', { ...attributes, 'data-moved': moved }, `${shown} ${moved === 'up' ? '▲' : '▼'}`);
}

/** Every pool trades at every step: its 24h volume shows a step even where no price moved. */
const dayVolume = (pool) => pool.stats?.['24h']?.volume ?? '0';

function previewRow(pool) {
  return element(
    'tr',
    { 'data-address': pool.address },
    element('td', {}, element('a', { href: `${API}/pools/${pool.address}?stats=24h` }, pairOf(pool))),
    figureCell(pool, 'price', pool.price, price.format(Number(pool.price))),
    figureCell(pool, 'tvl', pool.tvlUsdc, usd.format(Number(pool.tvlUsdc))),
    figureCell(pool, 'volume', dayVolume(pool), usd.format(Number(dayVolume(pool)))),
  );
}

/** What the answer was: its status (with the error code), how long it took, the market step, the limiter's count. */
async function outcomeOf(response, ms) {
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A truncated body (a fault) is shown as its status and size.
  }
  const code = response.ok ? '' : ` ${body?.code ?? `(${text.length} bytes, not JSON)`}`;
  const facts = { status: `${response.status}${code}`, time: `${Math.round(ms)} ms` };
  facts.step = response.headers.get('x-mock-market-step') ?? 'none';
  const remaining = response.headers.get('ratelimit-remaining');
  if (remaining !== null) facts['rate limit left'] = remaining;
  return { facts, pools: response.ok ? (body?.data ?? []) : [], ok: response.ok, step: facts.step };
}

/** Sends the preview's request and shows its outcome; an answer overtaken by a later send is dropped. */
export async function sendPreview() {
  const section = document.getElementById('preview');
  const mine = ++sent;
  section.setAttribute('aria-busy', 'true');
  const started = performance.now();
  let outcome;
  try {
    const response = await fetch(own(PREVIEW), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    outcome = await outcomeOf(response, performance.now() - started);
  } catch (error) {
    const facts = { status: `no answer: ${errorText(error)}`, time: `${Math.round(performance.now() - started)} ms` };
    outcome = { facts, pools: [], ok: false, step: '' };
  }
  if (mine !== sent) return;
  section.removeAttribute('aria-busy');
  section.dataset.status = 'ready';
  section.dataset.outcome = outcome.ok ? 'ok' : 'error';
  section.dataset.step = outcome.step;
  section.dataset.sent = String(mine);
  showFacts(section.querySelector('dl'), outcome.facts);
  section.querySelector('tbody').replaceChildren(...outcome.pools.map(previewRow));
  if (outcome.ok)
    before = new Map(
      outcome.pools.map((pool) => [pool.address, { price: pool.price, tvl: pool.tvlUsdc, volume: dayVolume(pool) }]),
    );
}
