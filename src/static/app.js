// The landing page (docs/api.md §8.1): the base URL to paste, chaos presets, the market's controls, a listing
// preview that shows what a click did, the request log and the API reference, all on the mock's own routes.
import { loadReference } from './api-reference.js';
import { setUpChaos, showChaos } from './chaos-presets.js';
import { sendPreview } from './listing-preview.js';
import { setUpMarket, showMarket } from './market-controls.js';
import { API, element, errorText, fill, getJson, showFacts } from './page-kit.js';
import { loadPools, setUpSorting } from './pools-table.js';
import { loadLog, setUpLog } from './request-log.js';

/** How often the log, the market and the chaos settings are read again while the page is open and "Live" checked. */
const POLL_MS = 2000;

/** The base URL, absolute at the origin the page was reached at, and its copy button. */
function setUpBaseUrl() {
  const input = document.getElementById('base-url');
  const status = document.getElementById('copy-status');
  input.value = `${location.origin}${API}`;
  document.getElementById('copy-base-url').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = 'Copied.';
    } catch {
      // No clipboard outside a secure context (a page reached by a LAN address): select it for Ctrl+C.
      input.focus();
      input.select();
      status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
}

/** The market file's declared entries (the snapshot's `declared` fact), each linked to where it is served. */
function declaredTable(section, declared) {
  const rows = declared.map(({ entry, what, address }) => {
    const href = entry.startsWith('tokens') ? `${API}/tokens/${address}` : `${API}/pools/${address}`;
    return element(
      'tr',
      { 'data-entry': entry },
      element('td', {}, entry),
      element('td', {}, what),
      element('td', { class: 'url' }, element('a', { href }, address)),
    );
  });
  section.querySelector('#declared tbody').replaceChildren(...rows);
  section.querySelector('#declared').hidden = rows.length === 0;
  section.querySelector('#declared-none').hidden = rows.length > 0;
}

function dialectLinks(wire) {
  const name = wire === 'upstream' ? "upstream (the live API's wire format)" : 'spec';
  const reference = element('a', { href: '#reference' }, 'API reference');
  const openApi = element('a', { href: '/__mock/openapi.json' }, 'OpenAPI document');
  return element('span', {}, `${name}: see the `, reference, ' below, or the ', openApi);
}

// The cursor key is for recorders (it lets a recording replay cursors), not for people.
async function loadSnapshot(section) {
  const health = await getJson('/__mock/health');
  const { cursorKey: _key, declared, ...facts } = health.snapshot;
  // The dialect first: an app written against the live API needs `upstream` (README, "Pointing an app…").
  showFacts(section.querySelector('dl'), { dialect: dialectLinks(health.wire), ...facts });
  declaredTable(section, declared ?? []);
}

const loadChaos = async () => showChaos(await getJson('/__mock/chaos'));
const loadMarket = async () => void showMarket(await getJson('/__mock/market'));

const refreshLog = () => fill('journal', loadLog, { quiet: true });

/** After a change of the market: the preview and the table again, the preview first (it is what was clicked for). */
async function marketChanged() {
  await sendPreview();
  await Promise.all([fill('pools', loadPools, { quiet: true }), refreshLog()]);
}

async function chaosChanged() {
  await sendPreview();
  await refreshLog();
}

/** One round of polling: the log, the chaos settings and the market, the listings again when the market moved. */
async function poll() {
  try {
    const [chaos, market] = await Promise.all([getJson('/__mock/chaos'), getJson('/__mock/market')]);
    showChaos(chaos);
    if (showMarket(market)) await marketChanged();
  } catch (error) {
    document.querySelector('#journal .message').textContent = `Could not poll: ${errorText(error)}`;
  }
  await refreshLog();
}

function startPolling() {
  const live = document.getElementById('log-live');
  const tick = async () => {
    if (live.checked && !document.hidden) await poll();
    setTimeout(tick, POLL_MS);
  };
  setTimeout(tick, POLL_MS);
}

setUpBaseUrl();
setUpSorting(document.getElementById('pools'));
setUpChaos(chaosChanged);
setUpMarket(marketChanged);
setUpLog(refreshLog);
document.getElementById('preview-send').addEventListener('click', chaosChanged);
await Promise.all([fill('snapshot', loadSnapshot), fill('chaos', loadChaos), fill('market', loadMarket)]);
await Promise.all([sendPreview(), fill('pools', loadPools)]);
await Promise.all([fill('journal', loadLog), fill('reference', loadReference)]);
startPolling();
