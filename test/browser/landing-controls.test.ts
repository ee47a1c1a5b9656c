import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { open, withPage, type Session } from '../helpers/browser-page.js';
import { ok, type Json } from '../helpers/http.js';

const controls = suite('landing page in Chromium: its controls steer the mock, and it shows what they did');

/** The little of the DOM the checks read in the page (the tests compile without the DOM library). */
interface DomElement {
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

const LISTING = '/pools?sortBy=tvl&size=5&stats=24h';
const MARK = 'via=landing-page';
/** The settings of a server started without chaos, as GET /__mock/chaos tells them (docs/admin-and-chaos.md §1.2). */
const OFF = {
  latency: null,
  errorRate: 0,
  errorStatus: [500],
  rateLimit: null,
  chaosSeed: null,
  hangMs: 30000,
  routes: {},
};

interface DomDocument {
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
/** The page's global scope, inside a function the browser runs (a cast only: nothing of Node goes with it). */
type InPage = { document: DomDocument };

interface PreviewRow {
  address: string;
  price: string;
  tvl: string;
  volume: string;
  /** The marks of the figures that moved since the answer before: `price up`, `tvl down`, `volume up`. */
  moved: string[];
}

async function previewRows(page: Page): Promise<PreviewRow[]> {
  // No function is named inside: the browser runs the callback's text, without the helpers tsx adds for names.
  return page.$$eval('#preview tbody tr', (rows: DomElement[]) =>
    rows.map((row) => ({
      address: row.dataset.address ?? '',
      price: row.querySelectorAll('td[data-key="price"]')[0]?.dataset.value ?? '',
      tvl: row.querySelectorAll('td[data-key="tvl"]')[0]?.dataset.value ?? '',
      volume: row.querySelectorAll('td[data-key="volume"]')[0]?.dataset.value ?? '',
      moved: Array.from(row.querySelectorAll('td[data-moved]'), (td) => `${td.dataset.key} ${td.dataset.moved}`),
    })),
  );
}

/**
 * The preview's rows as the API answers the listing now, asked from outside the page, with the marks each figure
 * should have against `before` (a pool not in it has none).
 */
async function listingNow(url: string, before: PreviewRow[] = []): Promise<PreviewRow[]> {
  const { data } = await ok(`${url}${LISTING}`);
  return data.map((pool: Json) => {
    const was = before.find((row) => row.address === pool.address);
    const volume = String(pool.stats['24h'].volume);
    const figures: ['price' | 'tvl' | 'volume', string][] = [
      ['price', pool.price],
      ['tvl', pool.tvlUsdc],
      ['volume', volume],
    ];
    const moved = figures.flatMap(([key, value]) =>
      was === undefined || Number(was[key]) === Number(value)
        ? []
        : [`${key} ${Number(value) > Number(was[key]) ? 'up' : 'down'}`],
    );
    return { address: pool.address, price: pool.price, tvl: pool.tvlUsdc, volume, moved };
  });
}

/** Clicks and waits until the section's outcome says the change is done and the preview sent after it answered. */
async function clickAndSettle(page: Page, selector: string, section: string, done: string): Promise<void> {
  await page.click(selector);
  await page.waitForFunction(
    ([section, done]) =>
      (globalThis as unknown as InPage).document.querySelector(`#${section} .outcome`)?.textContent === done &&
      (globalThis as unknown as InPage).document.querySelector('#preview[aria-busy]') === null,
    [section, done],
  );
}

/** What a failure chaos injects makes the browser log: expected here, anything else is a problem. */
const unexpected = (problems: string[]): string[] =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of (500|503|429)/.test(p));

/** The page's admin changes, checked to carry JSON's content type whenever they carry a body. */
function changesSent(session: Session): [string, string, string | null][] {
  for (const sent of session.adminChanges)
    assert.is(sent.contentType, sent.body === null ? undefined : 'application/json', `${sent.method} ${sent.path}`);
  return session.adminChanges.map((sent) => [sent.method, sent.path, sent.body]);
}

// The page does not define which presets exist: this test does, from the README's words (slow, flaky,
// rate-limited, off) and the settings docs/api.md §8.1 gives each.
controls(
  'each chaos preset clicked becomes the server settings; its button is pressed and the preview shows it',
  async () => {
    await withPage({}, async (session) => {
      const { page, origin } = session;
      await open(session);
      assert.is(await page.getAttribute('#chaos button[data-preset="off"]', 'aria-pressed'), 'true');
      const presets: [string, string, Json][] = [
        ['slow', 'slow', { ...OFF, latency: '50-250' }],
        ['flaky', 'flaky', { ...OFF, errorRate: 0.1, errorStatus: [500, 503], chaosSeed: 7 }],
        ['limited', 'rate-limited', { ...OFF, rateLimit: '10/1s' }],
        ['off', 'off', OFF],
      ];
      for (const [preset, name, settings] of presets) {
        await clickAndSettle(page, `#chaos button[data-preset="${preset}"]`, 'chaos', `Chaos ${name}: done.`);
        assert.equal(await ok(`${origin}/__mock/chaos`), settings, preset);
        const pressed = await page.$$eval('#chaos button[data-preset]', (buttons: DomElement[]) =>
          buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.preset),
        );
        assert.equal(pressed, [preset]);
        assert.is(await page.textContent('#chaos .in-force'), `In force: ${name}`);
        assert.is(await page.textContent('#chaos dd[data-key="latency"]'), settings.latency ?? 'none');
        assert.is(await page.textContent('#chaos dd[data-key="rateLimit"]'), settings.rateLimit ?? 'none');
        const journal: Json[] = (await ok(`${origin}/__mock/requests`)).data;
        const preview = journal.filter((entry) => entry.url === `/v2/solana${LISTING}&${MARK}`).at(-1);
        // The preview sent after the click met the preset: delayed by the slow one, counted by the limiter.
        if (preset === 'slow') assert.ok(preview.delayMs >= 50 && preview.delayMs <= 250, `delay ${preview.delayMs}`);
        if (preset === 'limited') assert.is(await page.textContent('#preview dd[data-key="rate limit left"]'), '9');
        assert.is(
          await page.textContent('#preview dd[data-key="status"]'),
          // The browser revalidates what it has seen (304 in the journal); fetch gives the page the 200 it was.
          preview.status === 200 || preview.status === 304 ? '200' : `${preview.status} injected_fault`,
        );
      }
      assert.equal(changesSent(session), [
        ['PUT', '/__mock/chaos', '{"latency":"50-250"}'],
        ['PUT', '/__mock/chaos', '{"errorRate":0.1,"errorStatus":[500,503],"chaosSeed":7}'],
        ['PUT', '/__mock/chaos', '{"rateLimit":"10/1s"}'],
        ['PUT', '/__mock/chaos', '{}'],
      ]);
      assert.equal(unexpected(session.problems), []);
    });
  },
);

controls(
  '"Startup settings" restores what the server started with; a change from outside shows within a poll',
  async () => {
    await withPage({ chaos: { latency: 20 } }, async (session) => {
      const { page, origin, server } = session;
      const startup = await ok(`${origin}/__mock/chaos`);
      assert.equal(startup, { ...OFF, latency: 20 });
      await open(session);
      assert.is(await page.getAttribute('#chaos', 'data-preset'), 'custom');
      assert.is(await page.textContent('#chaos .in-force'), 'In force: settings of your own (none of the presets)');
      await clickAndSettle(page, '#chaos button[data-preset="slow"]', 'chaos', 'Chaos slow: done.');
      await clickAndSettle(page, '#chaos-startup', 'chaos', 'Startup settings: done.');
      assert.equal(await ok(`${origin}/__mock/chaos`), startup);
      assert.is(await page.getAttribute('#chaos', 'data-preset'), 'custom');
      assert.is(await page.textContent('#chaos dd[data-key="latency"]'), '20');
      // The reset cleared the journal: what is left came after it, the preview sent then.
      assert.equal(
        (await ok(`${origin}/__mock/requests`)).data.map((entry: Json) => entry.url),
        [`/v2/solana${LISTING}&${MARK}`],
      );
      server.chaos.replace({ rateLimit: '10/1s' });
      await page.waitForSelector('#chaos[data-preset="limited"]');
      assert.is(await page.getAttribute('#chaos button[data-preset="limited"]', 'aria-pressed'), 'true');
      assert.equal(changesSent(session), [
        ['PUT', '/__mock/chaos', '{"latency":"50-250"}'],
        ['POST', '/__mock/reset', null],
      ]);
      assert.equal(unexpected(session.problems), []);
    });
  },
);

controls('advance steps the market and changes the preview; reset brings the snapshot back', async () => {
  await withPage({}, async (session) => {
    const { page, origin, url } = session;
    const atStart = await listingNow(url);
    const asOf = Date.parse((await ok(`${origin}/__mock/market`)).asOf);
    await open(session);
    assert.equal(await previewRows(page), atStart);
    assert.is(await page.getAttribute('#preview', 'data-step'), '0');
    const steps: [string, string, number][] = [
      ['#advance-1', 'Advance 1 step', 1],
      ['#advance-12', 'Advance 12 steps', 13],
      ['#market-reset', 'Reset the market', 0],
    ];
    let before = atStart;
    for (const [button, what, step] of steps) {
      await clickAndSettle(page, button, 'market', `${what}: done.`);
      const market = await ok(`${origin}/__mock/market`);
      assert.is(market.step, step, what);
      // Five minutes a step (docs/market-moves.md §1), computed here from the snapshot's instant.
      const instant = new Date(asOf + step * 300_000).toISOString().replace('.000Z', 'Z');
      assert.equal([market.asOf, await page.textContent('#market dd[data-key="asOf"]')], [instant, instant]);
      assert.is(await page.textContent('#market dd[data-key="step"]'), String(step));
      assert.is(await page.textContent('#preview dd[data-key="step"]'), String(step));
      const now = await listingNow(url, before);
      assert.equal(await previewRows(page), now, what);
      // Every pool trades at every step (docs/market-moves.md §2): each row's 24h volume moved, whatever its price did.
      if (step > 0)
        assert.ok(
          now.every((row) => row.moved.some((mark) => mark.startsWith('volume '))),
          `${what}: every row's volume moved: ${JSON.stringify(now)}`,
        );
      if (step === 0)
        assert.equal(
          now.map((row) => ({ ...row, moved: [] })),
          atStart,
          'reset: the snapshot again',
        );
      // The table of 25 follows the market too: its first pool shows its figures now.
      await page.waitForFunction(
        (tvl) =>
          (globalThis as unknown as InPage).document
            .querySelector('#pools tbody tr td[data-key="tvl"]')
            ?.getAttribute('data-value') === tvl,
        now[0]!.tvl,
      );
      before = now;
    }
    assert.equal(changesSent(session), [
      ['POST', '/__mock/market/advance', '{"steps":1}'],
      ['POST', '/__mock/market/advance', '{"steps":12}'],
      ['POST', '/__mock/market/reset', null],
    ]);
    assert.equal(session.problems, []);
  });
});

controls("the clock is set in seconds, refused with the server's words, runs the page along, and stops", async () => {
  await withPage({}, async (session) => {
    const { page, origin } = session;
    await open(session);
    const clockShown = (): Promise<string | null> => page.textContent('#market dd[data-key="movesEveryMs"]');
    assert.is(await clockShown(), 'none (the market steps only when told)');
    await page.fill('#clock-seconds', '60');
    await clickAndSettle(page, '#clock-form button[type="submit"]', 'market', 'Start the clock: done.');
    assert.is((await ok(`${origin}/__mock/market`)).movesEveryMs, 60_000);
    assert.is(await clockShown(), '60000 (a step every 60 s)');
    await page.fill('#clock-seconds', '0.05');
    await page.click('#clock-form button[type="submit"]');
    await page.waitForSelector('#market .outcome:has-text("everyMs must be")');
    const refusal = (await page.textContent('#market .outcome')) ?? '';
    assert.match(refusal, /^Start the clock: PUT \/__mock\/market\/clock answered 400 invalid_parameter: /);
    assert.match(
      refusal,
      'everyMs must be an integer from 100 to 86400000 (milliseconds between steps), ' +
        "or null to stop the clock; got '50'",
    );
    assert.is((await ok(`${origin}/__mock/market`)).movesEveryMs, 60_000, 'the refused interval changed nothing');
    // A fast clock: the page sees the steps as it polls, and sends the preview again at each.
    await page.fill('#clock-seconds', '0.2');
    await clickAndSettle(page, '#clock-form button[type="submit"]', 'market', 'Start the clock: done.');
    await page.waitForSelector('#preview:not([data-step="0"])');
    await clickAndSettle(page, '#clock-stop', 'market', 'Stop the clock: done.');
    assert.is((await ok(`${origin}/__mock/market`)).movesEveryMs, null);
    assert.is(await clockShown(), 'none (the market steps only when told)');
    assert.equal(changesSent(session), [
      ['PUT', '/__mock/market/clock', '{"everyMs":60000}'],
      ['PUT', '/__mock/market/clock', '{"everyMs":50}'],
      ['PUT', '/__mock/market/clock', '{"everyMs":200}'],
      ['PUT', '/__mock/market/clock', '{"everyMs":null}'],
    ]);
    // The refusal is a 400 the browser logs; nothing else went wrong.
    assert.equal(
      session.problems.filter((p) => !p.includes('status of 400')),
      [],
    );
  });
});

controls("the request log shows requests from outside, newest first, and none of the page's own", async () => {
  await withPage({}, async (session) => {
    const { page, origin, url } = session;
    await open(session);
    assert.is(await page.locator('#journal tbody tr').count(), 0);
    assert.match((await page.textContent('#journal .message')) ?? '', 'No requests from your app yet');
    await ok(`${url}/tokens?size=3`);
    await ok(`${url}/pools/search?q=SOL&size=2`);
    await page.waitForSelector('#journal tbody tr:nth-child(2)');
    const journal: Json[] = (await ok(`${origin}/__mock/requests`)).data;
    const own = journal.filter((entry) => entry.url.includes(MARK));
    const theirs = journal.filter((entry) => !entry.url.includes(MARK));
    assert.equal(
      theirs.map((entry) => entry.url),
      ['/v2/solana/tokens?size=3', '/v2/solana/pools/search?q=SOL&size=2'],
    );
    const rows = await page.$$eval('#journal tbody tr', (trs: DomElement[]) =>
      trs.map((tr) => [tr.dataset.seq, Array.from(tr.querySelectorAll('td'), (td) => td.textContent)]),
    );
    assert.equal(
      rows,
      [...theirs]
        .reverse()
        .map((e) => [String(e.seq), [String(e.seq), `GET ${e.url}`, '200', String(e.durationMs), '']]),
    );
    // The page's own: the preview and the table of 25, each marked, and counted beside the log.
    assert.equal(
      own.map((entry) => entry.url),
      [`/v2/solana${LISTING}&${MARK}`, `/v2/solana/pools?sortBy=tvl&size=25&stats=24h&${MARK}`],
    );
    assert.equal(
      session.apiRequests.filter((request) => !request.includes(MARK)),
      [],
    );
    assert.is(await page.textContent('#journal .own'), `2 of this page's own requests (marked ${MARK}) not shown.`);
    await page.click('#log-clear');
    await page.waitForSelector('#journal tbody tr', { state: 'detached' });
    assert.equal((await ok(`${origin}/__mock/requests`)).data, []);
    assert.equal(changesSent(session), [['DELETE', '/__mock/requests', null]]);
    assert.equal(session.problems, []);
  });
});

controls.run();
