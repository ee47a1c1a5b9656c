// What every part of the landing page shares: the API's base, how the page marks its own requests, JSON calls to
// the mock's routes, and DOM building. Every value goes in as text, never as HTML: symbols, journal URLs and
// error messages come from snapshots and clients.
export const API = '/v2/solana';

/**
 * The page's own API requests carry this query parameter, which the API ignores (docs/api.md §3.1), so that the
 * request log can leave them out. Neither a seq number nor a header would do: an answer does not say which
 * journal entry it became, and the journal does not record headers.
 */
export const OWN_MARK = ['via', 'landing-page'];

/** An API URL as the page requests it: marked as its own. */
export function own(url) {
  return `${url}${url.includes('?') ? '&' : '?'}${OWN_MARK[0]}=${OWN_MARK[1]}`;
}

/** Whether a journal entry's URL is one of the page's own requests. */
export function isOwn(url) {
  return new URL(url, location.origin).searchParams.get(OWN_MARK[0]) === OWN_MARK[1];
}

/** The answer's body as JSON; an error answer or a body that is not JSON becomes an Error with a readable message. */
export async function bodyOf(response, what) {
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what} answered ${response.status} with a body that is not JSON (${text.length} bytes)`);
  }
  if (!response.ok) throw new Error(`${what} answered ${response.status} ${body.code ?? ''}: ${body.inner ?? text}`);
  return body;
}

/** A JSON GET. */
export async function getJson(url) {
  return bodyOf(await fetch(url, { headers: { accept: 'application/json' } }), url);
}

/**
 * A change through the admin API: a body goes as JSON with its content type, as the admin routes require of a
 * request that carries one (docs/admin-and-chaos.md §1.1). The page is of the server's own origin, so its
 * requests pass the admin guard on a loopback host; with an admin token they are 403s, shown where asked.
 */
export async function change(method, url, body) {
  const init = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  // DELETE /__mock/requests answers 204, without a body.
  return response.status === 204 ? null : bodyOf(response, `${method} ${url}`);
}

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** Runs `load` for a section, showing its status and its note, or on failure the error text, in the section. */
export async function fill(id, load, { quiet = false } = {}) {
  const section = document.getElementById(id);
  const message = section.querySelector('.message');
  // A refresh in the background keeps what is shown until the new answer is in.
  if (!quiet) section.dataset.status = 'loading';
  try {
    const note = await load(section);
    section.dataset.status = 'ready';
    message.textContent = note ?? '';
  } catch (error) {
    section.dataset.status = 'error';
    message.textContent = `Could not load: ${errorText(error)}`;
  }
}

/** A definition list of facts: null shows as "none", arrays and objects as JSON. */
export function showFacts(list, facts) {
  list.replaceChildren(
    ...Object.entries(facts).flatMap(([key, value]) => [
      element('dt', {}, key),
      element(
        'dd',
        { 'data-key': key },
        ...(value instanceof Node
          ? [value]
          : [value === null ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value)]),
      ),
    ]),
  );
}

export const shortAddress = (address) => `${address.slice(0, 4)}…${address.slice(-4)}`;
export const symbolOf = (token) => token.symbol ?? shortAddress(token.address);
export const pairOf = (pool) => `${symbolOf(pool.tokenA)}/${symbolOf(pool.tokenB)}`;

export const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});
export const price = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });
