// The request log: the journal's latest API requests (GET /__mock/requests, docs/admin-and-chaos.md §1.4), newest
// first, without the page's own (marked by page-kit.js's OWN_MARK), so what is left is what your app sent.
import { OWN_MARK, change, element, errorText, getJson, isOwn } from './page-kit.js';

const SHOWN = 15;

function logRow(entry) {
  return element(
    'tr',
    { 'data-seq': String(entry.seq) },
    element('td', { class: 'num' }, String(entry.seq)),
    element('td', { class: 'url' }, `${entry.method} ${entry.url}`),
    element('td', { class: 'num' }, String(entry.status)),
    element('td', { class: 'num' }, String(entry.durationMs)),
    element('td', {}, entry.fault === null ? '' : String(entry.fault)),
  );
}

/** Reads the journal and shows its latest entries but the page's; the note says how many of the page's it left out. */
export async function loadLog(section) {
  const { data } = await getJson('/__mock/requests');
  const theirs = data.filter((entry) => !isOwn(entry.url));
  const rows = theirs.slice(-SHOWN).reverse().map(logRow);
  section.querySelector('tbody').replaceChildren(...rows);
  const left = data.length - theirs.length;
  section.querySelector('.own').textContent =
    left === 0 ? '' : `${left} of this page's own requests (marked ${OWN_MARK.join('=')}) not shown.`;
  return rows.length === 0 ? 'No requests from your app yet: send one to the base URL above.' : undefined;
}

/** Wires "Clear"; `refresh` reads the log again. */
export function setUpLog(refresh) {
  const section = document.getElementById('journal');
  section.querySelector('#log-clear').addEventListener('click', async () => {
    try {
      await change('DELETE', '/__mock/requests');
      await refresh();
    } catch (error) {
      section.querySelector('.message').textContent = `Could not clear: ${errorText(error)}`;
    }
  });
}
