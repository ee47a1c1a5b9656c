import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { open, withPage } from '../helpers/browser-page.js';
import { ok, type Json } from '../helpers/http.js';
import { marketSnapshot } from '../helpers/market-fixture.js';

const landing = suite('landing page: sections, the sortable pools table and logos in Chromium');

const ARTIFACTS = new URL('../.artifacts/', import.meta.url);
const POOLS = '/v2/solana/pools?sortBy=tvl&size=25&stats=24h';

/** The little of the DOM the checks read in the page (the tests compile without the DOM library). */
interface DomElement {
  dataset: Record<string, string | undefined>;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface DomControl {
  tagName: string;
  textContent: string | null;
  outerHTML: string;
  labels?: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomControl>;
}
interface DomImage {
  src: string;
  naturalWidth: number;
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
  'the page shows the base URL, the snapshot facts, the endpoints and chaos, under its policy, without errors',
  async () => {
    await withPage({}, async (session) => {
      const { page, origin, problems } = session;
      const health = await ok(`${origin}/__mock/health`);
      await open(session);
      for (const section of ['snapshot', 'chaos', 'market', 'preview', 'pools', 'journal', 'reference']) {
        assert.is(
          await page.getAttribute(`#${section}`, 'data-status'),
          'ready',
          `${section}: ${(await page.textContent(`#${section}`))?.slice(0, 300)}`,
        );
      }
      assert.is(await page.inputValue('#base-url'), `${origin}/v2/solana`);
      for (const key of ['pools', 'tokens', 'positions', 'seed', 'asOf', 'schemaVersion']) {
        assert.is(await page.textContent(`#snapshot dd[data-key="${key}"]`), String(health.snapshot[key]), key);
      }
      // The dialect comes first, with a way into the reference the server itself serves.
      const dialect = '#snapshot dd[data-key="dialect"]';
      assert.is(await page.textContent(dialect), 'spec: see the API reference below, or the OpenAPI document');
      assert.equal(await page.$$eval(`${dialect} a`, (links) => links.map((link) => link.getAttribute('href'))), [
        '#reference',
        '/__mock/openapi.json',
      ]);
      // The page's own words name no file of the repository (the reference quotes the document as it is).
      for (const part of ['header', 'main > section:not(#reference)'])
        for (const text of await page.locator(part).allTextContents()) assert.not.match(text, 'docs/', part);
      // No market file: the declared entries say so in a word.
      assert.equal([await page.isVisible('#declared-none'), await page.isVisible('#declared')], [true, false]);
      assert.is(await page.textContent('#declared-none'), 'none');
      assert.is(await page.textContent('#chaos dd[data-key="errorRate"]'), '0');
      assert.is(await page.textContent('#chaos dd[data-key="rateLimit"]'), 'none');
      const first = (await ok(`${origin}${POOLS}`)).data[0].address;
      assert.is(await page.getAttribute('#pool-detail-link', 'href'), `/v2/solana/pools/${first}?stats=24h`);
      for (const href of ['/v2/solana/pools?size=5&stats=24h', '/v2/solana/tokens?size=5', '/v2/solana/protocol']) {
        assert.ok(await page.$(`#endpoints a[href="${href}"]`), href);
      }
      const headers = (await fetch(`${origin}/`)).headers;
      assert.is(
        headers.get('content-security-policy'),
        "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
          "img-src 'self' data: http: https:; object-src 'none'; base-uri 'none'; form-action 'none'; " +
          "frame-ancestors 'none'",
      );
      assert.is(headers.get('x-content-type-options'), 'nosniff');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: new URL('landing-page.png', ARTIFACTS).pathname, fullPage: true });
      // A violation of the policy is a console error: none, so the page needs nothing it forbids.
      assert.equal(problems, []);
    });
  },
);

landing("the pools table has the API's first 25 pools in its order, their values, and logos that load", async () => {
  await withPage({}, async (session) => {
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
  await withPage({}, async (session) => {
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
  await withPage({}, async (session) => {
    const { server, page } = session;
    server.chaos.replace({ routes: { 'GET /pools': { errorRate: 1, errorStatus: [503] } } });
    await open(session);
    assert.is(await page.getAttribute('#pools', 'data-status'), 'error');
    assert.match((await page.textContent('#pools .message')) ?? '', /503 injected_fault/);
    assert.is(await page.locator('#pools tbody tr').count(), 0);
    // The preview shows the failure as its outcome: the status and the code, no rows.
    assert.is(await page.getAttribute('#preview', 'data-outcome'), 'error');
    assert.is(await page.textContent('#preview dd[data-key="status"]'), '503 injected_fault');
    assert.is(await page.locator('#preview tbody tr').count(), 0);
    for (const section of ['snapshot', 'chaos', 'market', 'journal', 'reference'])
      assert.is(await page.getAttribute(`#${section}`, 'data-status'), 'ready', section);
    assert.match((await page.textContent('#chaos dd[data-key="routes"]')) ?? '', /GET \/pools/);
  });
});

landing('Copy puts the absolute base URL on the clipboard; every control has a name, every field a label', async () => {
  await withPage({}, async (session) => {
    const { page, origin, problems } = session;
    await open(session);
    // The keyboard reaches the controls: the first Tab lands on the base URL's field, the next on Copy.
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate('document.activeElement.id'), 'base-url');
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate('document.activeElement.id'), 'copy-base-url');
    await page.click('#copy-base-url');
    await page.waitForSelector('#copy-status:has-text("Copied.")');
    assert.is(await page.evaluate('navigator.clipboard.readText()'), `${origin}/v2/solana`);
    // Names as a screen reader gets them: a button's text or label, a field's <label>.
    const unnamed = await page.$$eval('button, input', (controls: DomControl[]) =>
      controls
        .filter((c) => (c.tagName === 'BUTTON' ? c.textContent?.trim() === '' : (c.labels?.length ?? 0) === 0))
        .map((c) => c.outerHTML),
    );
    assert.equal(unnamed, []);
    assert.equal(problems, []);
  });
});

landing("a market file's declared entries are a table, each linked to where it is served", async () => {
  await withPage({ snapshot: marketSnapshot }, async (session) => {
    const { page, origin, problems } = session;
    const { declared } = (await ok(`${origin}/__mock/health`)).snapshot;
    await open(session);
    assert.equal([await page.isVisible('#declared'), await page.isVisible('#declared-none')], [true, false]);
    const rows = await page.$$eval('#declared tbody tr', (trs: DomControl[]) =>
      trs.map((tr) => [
        ...Array.from(tr.querySelectorAll('td'), (td) => td.textContent),
        tr.querySelectorAll('a')[0]?.getAttribute('href'),
      ]),
    );
    // One token and three pools, in the market file's order (test/helpers/market-fixture.ts).
    assert.equal(
      declared.map((d: Json) => d.entry),
      ['tokens[0]', 'pools[0]', 'pools[1]', 'pools[2]'],
    );
    assert.equal(
      rows,
      declared.map((d: Json) => [
        d.entry,
        d.what,
        d.address,
        `/v2/solana/${d.entry.startsWith('tokens') ? 'tokens' : 'pools'}/${d.address}`,
      ]),
    );
    for (const [, , , href] of rows) assert.is((await fetch(`${origin}${href}`)).status, 200, href ?? '');
    assert.equal(problems, []);
  });
});

landing("the API reference lists the OpenAPI document's every endpoint, with its parameters and body", async () => {
  await withPage({}, async (session) => {
    const { page, origin, problems } = session;
    const doc = await ok(`${origin}/__mock/openapi.json`);
    await open(session);
    const methods = ['get', 'put', 'post', 'patch', 'delete'];
    const expected = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      methods.filter((m) => item[m] !== undefined).map((m) => [m.toUpperCase(), path]),
    );
    const listed = await page.$$eval('#reference details.endpoint', (items: DomControl[]) =>
      items.map((item) => [item.getAttribute('data-method'), item.getAttribute('data-path')]),
    );
    assert.equal(listed, expected);
    assert.ok(listed.length >= 20, `${listed.length} endpoints`);
    assert.is(
      await page.textContent('#reference .message'),
      `${listed.length} endpoints; open one for its parameters.`,
    );
    const pools = '#reference details[data-method="GET"][data-path="/pools"]';
    assert.match((await page.textContent(`${pools} summary`)) ?? '', /^GET \/v2\/solana\/pools List pools/);
    await page.click(`${pools} summary`);
    const names = await page.$$eval(`${pools} tr[data-parameter]`, (trs: DomControl[]) =>
      trs.map((tr) => tr.getAttribute('data-parameter')),
    );
    assert.equal(
      names,
      doc.paths['/pools'].get.parameters.map((p: Json) => p.name),
    );
    const size = await page.$$eval(`${pools} tr[data-parameter="size"] td`, (tds: DomControl[]) =>
      tds.map((td) => td.textContent),
    );
    assert.equal(size.slice(1, 3), ['query', 'integer, 1 to 1000, default 50']);
    const clock = '#reference details[data-method="PUT"][data-path="/__mock/market/clock"]';
    await page.click(`${clock} summary`);
    assert.is(
      await page.textContent(`${clock} .body`),
      'JSON body, sent with Content-Type: application/json: { everyMs: integer, 100 to 86400000 or null }',
    );
    assert.equal(problems, []);
  });
});

landing.run();
