// The market's step, advanced, reset and put on a clock through /__mock/market (docs/market-moves.md §3).
import { change, element, errorText, showFacts } from './page-kit.js';

const seconds = (ms) => (ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** What the page last showed of the market: a step or a change by hand elsewhere differs from it. */
let shownVersion = '';
const versionOf = (market) => `${market.step}/${market.changes.length}`;

function changesList(changes) {
  if (changes.length === 0) return 'none';
  const items = changes.map((c) =>
    element('li', {}, `step ${c.step}: ${c.kind} ${c.address.slice(0, 8)}… ${JSON.stringify(c.set)}`),
  );
  return element('ul', { class: 'changes' }, ...items);
}

/** Shows the market as GET /__mock/market tells it; answers whether it differs from what was shown before. */
export function showMarket(market) {
  const section = document.getElementById('market');
  const clock =
    market.movesEveryMs === null
      ? 'none (the market steps only when told)'
      : `${market.movesEveryMs} (a step every ${seconds(market.movesEveryMs)} s)`;
  section.dataset.step = String(market.step);
  section.dataset.movesEveryMs = String(market.movesEveryMs);
  showFacts(section.querySelector('dl'), {
    step: market.step,
    asOf: market.asOf,
    movesEveryMs: clock,
    changedPools: market.changedPools,
    changedTokens: market.changedTokens,
    changes: changesList(market.changes),
  });
  if (market.movesEveryMs !== null) section.querySelector('#clock-seconds').placeholder = seconds(market.movesEveryMs);
  const differs = versionOf(market) !== shownVersion;
  shownVersion = versionOf(market);
  return differs;
}

/** The clock's interval in whole ms from the seconds typed; the server checks its bounds (100 ms to a day). */
function clockBody(input) {
  const value = Number(input.value);
  if (input.value.trim() === '' || !Number.isFinite(value)) throw new Error('type the seconds between steps, e.g. 5');
  return { everyMs: Math.round(value * 1000) };
}

/** Wires the market's buttons and the clock's form; `changed` runs after each change that took. */
export function setUpMarket(changed) {
  const section = document.getElementById('market');
  const outcome = section.querySelector('.outcome');
  const run = async (what, request) => {
    outcome.textContent = `${what}…`;
    try {
      showMarket(await request());
      outcome.textContent = `${what}: done.`;
      await changed();
    } catch (error) {
      outcome.textContent = `${what}: ${errorText(error)}`;
    }
  };
  const on = (id, what, request) => section.querySelector(id).addEventListener('click', () => run(what, request));
  on('#advance-1', 'Advance 1 step', () => change('POST', '/__mock/market/advance', { steps: 1 }));
  on('#advance-12', 'Advance 12 steps', () => change('POST', '/__mock/market/advance', { steps: 12 }));
  on('#market-reset', 'Reset the market', () => change('POST', '/__mock/market/reset'));
  on('#clock-stop', 'Stop the clock', () => change('PUT', '/__mock/market/clock', { everyMs: null }));
  const input = section.querySelector('#clock-seconds');
  section.querySelector('#clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run('Start the clock', () => change('PUT', '/__mock/market/clock', clockBody(input)));
  });
}
