import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { findBrowser, type Browser } from '../helpers/find-browser.js';
import { ok, type Json } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';

/** The landing page in a real browser: a Chromium (see findBrowser) driven by playwright-core. */
const landing = suite('landing page: sections, the sortable pools table and logos in Chromium');

let browserFound: Promise<Browser> | undefined;

/** Found once per run, and named once, so a failure can be told from the browser it ran in. */
function browserToUse(): Promise<Browser> {
  browserFound ??= findBrowser().then((found) => {
    process.stdout.write(`\n  landing page: Chromium from ${found.source} (${found.executablePath})\n`);
    return found;
  });
  return browserFound;
}
const ARTIFACTS = new URL('../.artifacts/', import.meta.url);
const POOLS = '/v2/solana/pools?sortBy=tvl&size=25&stats=24h';

/** The little of the DOM the checks read in the page (the tests compile without the DOM library). */
interface DomElement {
  dataset: Record<string, string | undefined>;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface DomImage {
  src: string;
  naturalWidth: number;
}

interface Session {
  server: MockServer;
  page: Page;
  origin: string;
  problems: string[];
}

/**
 * Starts a server and a browser page, runs `body`, closes both whatever
 * happens. `problems` collects console errors, page errors and failed requests.
 */
async function withPage(body: (session: Session) => Promise<void>): Promise<void> {
  // Never a skip: without a browser the suite fails, naming where it looked.
  const { executablePath, args } = await browserToUse();
  await withServer({}, async ({ server, origin }) => {
    const browser = await chromium.launch({ executablePath, headless: true, args });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(15_000);
      const problems: string[] = [];
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) =>
        problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
      );
      await body({ server, page, origin, problems });
    } finally {
      await browser.close();
    }
  });
}

/** Loads `/` and waits until every section has loaded (or failed) and every image has settled. */
async function open(session: Session): Promise<void> {
  await session.page.goto(`${session.origin}/`);
  await session.page.waitForSelector('#journal:not([data-status="loading"])');
  await session.page.waitForFunction('[...document.images].every((img) => img.complete)');
}

interface Row {
  address: string;
  values: Record<string, string>;
}

async function tableRows(page: Page): Promise<Row[]> {
  return page.$$eval('#pools tbody tr', (rows: DomElement[]) =>
    rows.map((row) => ({
      address: row.dataset.address ?? '',
      values: Object.fromEntries(
        Array.from(row.querySelectorAll('td[data-key]'), (cell) => [cell.dataset.key ?? '', cell.dataset.value ?? '']),
      ),
    })),
  );
}

/** The order a header click should give, computed from the API's page: a stable sort, numbers compared as numbers. */
function expectedOrder(pools: Json[], key: string, direction: 'ascending' | 'descending'): string[] {
  const label = (token: Json): string => token.symbol ?? `${token.address.slice(0, 4)}…${token.address.slice(-4)}`;
  const value = (pool: Json): string | number =>
    (
      ({
        pair: `${label(pool.tokenA)}/${label(pool.tokenB)}`,
        tvl: Number(pool.tvlUsdc),
        volume: Number(pool.stats['24h'].volume),
        fee: pool.feeRate as number,
        price: Number(pool.price),
      }) as Record<string, string | number>
    )[key]!;
  const sign = direction === 'ascending' ? 1 : -1;
  return [...pools]
    .sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0))
    .map((pool) => pool.address as string);
}

landing(
  'the page shows the snapshot facts, the endpoints, the chaos settings and the latest requests, without errors',
  async () => {
    await withPage(async (session) => {
      const { page, origin, problems } = session;
      const health = await ok(`${origin}/__mock/health`);
      await open(session);
      for (const section of ['snapshot', 'pools', 'chaos', 'journal']) {
        assert.is(
          await page.getAttribute(`#${section}`, 'data-status'),
          'ready',
          `${section}: ${await page.textContent(`#${section} .message`)}`,
        );
      }
      for (const key of ['pools', 'tokens', 'positions', 'seed', 'asOf', 'schemaVersion']) {
        assert.is(await page.textContent(`#snapshot dd[data-key="${key}"]`), String(health.snapshot[key]), key);
      }
      // The dialect comes first: an app written against the live API needs the other one.
      assert.is(await page.textContent('#snapshot dd[data-key="dialect"]'), 'spec (docs/api.md)');
      assert.is(await page.textContent('#chaos dd[data-key="errorRate"]'), '0');
      assert.is(await page.textContent('#chaos dd[data-key="rateLimit"]'), 'none');
      const journal = await page.$$eval('#journal tbody tr', (rows) => rows.map((row) => row.textContent ?? ''));
      assert.ok(journal.length >= 1 && journal.length <= 10, `${journal.length} journal rows`);
      assert.ok(journal[0]!.includes(`GET ${POOLS}`), `newest request first: ${journal[0]}`);
      const first = (await ok(`${origin}${POOLS}`)).data[0].address;
      assert.is(await page.getAttribute('#pool-detail-link', 'href'), `/v2/solana/pools/${first}?stats=24h`);
      for (const href of ['/v2/solana/pools?size=5&stats=24h', '/v2/solana/tokens?size=5', '/v2/solana/protocol']) {
        assert.ok(await page.$(`#endpoints a[href="${href}"]`), href);
      }
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: new URL('landing-page.png', ARTIFACTS).pathname, fullPage: true });
      assert.equal(problems, []);
    });
  },
);

landing("the pools table has the API's first 25 pools in its order, their values, and logos that load", async () => {
  await withPage(async (session) => {
    const { page, origin, problems } = session;
    const pools: Json[] = (await ok(`${origin}${POOLS}`)).data;
    await open(session);
    const rows = await tableRows(page);
    assert.is(rows.length, 25);
    assert.equal(
      rows.map((row) => row.address),
      pools.map((pool) => pool.address),
    );
    for (const [i, row] of rows.entries()) {
      assert.equal(
        row.values,
        {
          tvl: pools[i].tvlUsdc,
          volume: pools[i].stats['24h'].volume,
          fee: String(pools[i].feeRate),
          price: pools[i].price,
        },
        row.address,
      );
    }
    const logos = await page.$$eval('#pools img', (images: DomImage[]) =>
      images.map((img) => ({ src: img.src, width: img.naturalWidth })),
    );
    assert.is(logos.length, 50, 'two logos a row');
    const expectedSources = pools
      .flatMap((pool) => [pool.tokenA, pool.tokenB])
      .map((token) => token.imageUrl ?? `${origin}/static/tokens/${token.address}.svg`);
    assert.equal(
      logos.map((logo) => logo.src),
      expectedSources,
    );
    assert.equal(
      logos.filter((logo) => logo.width === 0),
      [],
      'every logo loads',
    );
    assert.equal(problems, []);
  });
});

landing('clicking a column header sorts the table, first one way then the other', async () => {
  await withPage(async (session) => {
    const { page, origin, problems } = session;
    const pools: Json[] = (await ok(`${origin}${POOLS}`)).data;
    await open(session);
    const clicks: [string, 'ascending' | 'descending'][] = [
      ['volume', 'descending'],
      ['volume', 'ascending'],
      ['pair', 'ascending'],
      ['pair', 'descending'],
      ['price', 'descending'],
      ['fee', 'descending'],
      ['fee', 'ascending'],
      ['tvl', 'descending'],
      ['tvl', 'ascending'],
    ];
    for (const [key, direction] of clicks) {
      await page.click(`#pools th[data-sort="${key}"]`);
      assert.is(await page.getAttribute(`#pools th[data-sort="${key}"]`, 'aria-sort'), direction, key);
      assert.is(await page.locator('#pools th[aria-sort]').count(), 1, 'one sorted column');
      const rows = await tableRows(page);
      assert.equal(
        rows.map((row) => row.address),
        expectedOrder(pools, key, direction),
        `${key} ${direction}`,
      );
    }
    assert.equal(problems, []);
  });
});

landing('a failing API request shows its error in its section; the rest of the page still loads', async () => {
  await withPage(async (session) => {
    const { server, page } = session;
    server.chaos.replace({ routes: { 'GET /pools': { errorRate: 1, errorStatus: [503] } } });
    await open(session);
    assert.is(await page.getAttribute('#pools', 'data-status'), 'error');
    assert.match((await page.textContent('#pools .message')) ?? '', /503 injected_fault/);
    assert.is(await page.locator('#pools tbody tr').count(), 0);
    for (const section of ['snapshot', 'chaos', 'journal'])
      assert.is(await page.getAttribute(`#${section}`, 'data-status'), 'ready', section);
    assert.match((await page.textContent('#chaos dd[data-key="routes"]')) ?? '', /GET \/pools/);
  });
});

landing.run();
