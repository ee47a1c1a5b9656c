import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findBrowser } from '../helpers/find-browser.js';
import { okPage } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';

/**
 * A page on another origin, in a real Chromium, tries to steer a default server (docs/admin-and-chaos.md §1.7):
 * the requests a hostile site would send, with fetch (CORS and no-cors) and a form. The same script run on the
 * server's own page changes the market, so the attempts are ones that would work were they let in.
 */
const crossSite = suite('admin surface in Chromium: a page on another origin cannot change the mock');

/** One attempt: method, path, Content-Type (none: no header), body, and fetch's mode. */
type Attempt = [string, string, string | undefined, string | undefined, 'cors' | 'no-cors'];

function attempts(pool: string): Attempt[] {
  return [
    ['POST', '/__mock/market/advance', 'text/plain', '{"steps":50}', 'no-cors'],
    ['POST', '/__mock/market/advance', 'text/plain', '{"steps":50}', 'cors'],
    ['POST', '/__mock/market/advance', 'application/json', '{"steps":50}', 'cors'],
    ['PUT', '/__mock/chaos', 'text/plain', '{"errorRate":1,"errorStatus":[503]}', 'cors'],
    ['PUT', '/__mock/chaos', 'application/json', '{"errorRate":1,"errorStatus":[503]}', 'cors'],
    ['POST', '/__mock/reset', undefined, undefined, 'no-cors'],
    ['DELETE', '/__mock/requests', undefined, undefined, 'cors'],
    ['DELETE', `/__mock/market/pools/${pool}`, undefined, undefined, 'cors'],
  ];
}

/**
 * The page's script: each attempt with fetch against `target`, then a form posting JSON-looking text/plain into
 * a frame; answers what each fetch gave (a status, `opaque` for no-cors, or the error that stopped it).
 */
function attackScript(target: string, list: Attempt[]): string {
  return `(async () => {
    const results = [];
    for (const [method, path, type, body, mode] of ${JSON.stringify(list)}) {
      try {
        const init = { method, mode, headers: type ? { 'content-type': type } : {}, body };
        const response = await fetch(${JSON.stringify(target)} + path, init);
        results.push(response.type === 'opaque' ? 'opaque' : String(response.status));
      } catch (error) {
        results.push('blocked: ' + error.message);
      }
    }
    const frame = document.createElement('iframe');
    frame.name = 'sink';
    document.body.append(frame);
    const form = document.createElement('form');
    const action = ${JSON.stringify(`${target}/__mock/market/advance`)};
    Object.assign(form, { method: 'POST', action, target: 'sink' });
    form.enctype = 'text/plain';
    const field = document.createElement('input');
    Object.assign(field, { type: 'hidden', name: '{"steps":50,"x":"', value: '"}' });
    form.append(field);
    document.body.append(form);
    await new Promise((resolve) => { frame.onload = resolve; form.submit(); });
    return results;
  })()`;
}

/** What a change would alter, as the server answers it. */
async function state(origin: string): Promise<string[]> {
  const read = async (path: string): Promise<string> => (await fetch(`${origin}${path}`)).text();
  return [await read('/__mock/market'), await read('/__mock/chaos')];
}

/** A second local server, on another port and so another origin: the hostile site. */
async function otherSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function onPage(body: (page: Page) => Promise<void>): Promise<void> {
  // Never a skip: without a browser the suite fails, naming where it looked.
  const { executablePath, args } = await findBrowser();
  // @sparticuz/chromium's own flags turn the same-origin policy off (--disable-web-security): a user's browser has it.
  const withPolicy = args.filter((arg) => arg !== '--disable-web-security');
  const browser = await chromium.launch({ executablePath, headless: true, args: withPolicy });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await body(page);
  } finally {
    await browser.close();
  }
}

crossSite(
  'fetch (CORS and no-cors) and a form from another port change nothing; the same script on the mock page does',
  async () => {
    await withServer({}, async ({ url, origin }) => {
      const pool: string = (await okPage(`${url}/pools?size=1`)).data[0].address;
      const site = await otherSite();
      try {
        await onPage(async (page) => {
          const before = await state(origin);
          await page.goto(`${site.origin}/`);
          const results = (await page.evaluate(attackScript(origin, attempts(pool)))) as string[];
          // A preflighted request never leaves the browser, a simple one is refused: neither shows an answer.
          assert.equal(
            results.map((result) => result.replace(/^blocked: .*/, 'blocked')),
            ['opaque', 'blocked', 'blocked', 'blocked', 'blocked', 'opaque', 'blocked', 'blocked'],
          );
          assert.equal(await state(origin), before, 'the market and the chaos settings are as they were');
          assert.is((await fetch(`${url}/pools/${pool}`)).status, 200, 'the pool is still served');

          // Another page of the mock's origin: the landing page's policy (form-action 'none') stops the script's form.
          await page.goto(`${origin}/__mock/health`);
          const own = (await page.evaluate(attackScript(origin, attempts(pool)))) as string[];
          // From its own origin only what says it is JSON answers (no-cors is no stop there); text/plain is a 415.
          assert.equal(own, ['415', '415', '200', '415', '200', '200', '204', '200']);
          const market = (await (await fetch(`${origin}/__mock/market`)).json()) as { step: number };
          assert.is(market.step, 50);
          assert.is((await fetch(`${url}/pools/${pool}`)).status, 404, 'the pool was removed');
        });
      } finally {
        await new Promise((resolve) => site.server.close(resolve));
      }
    });
  },
);

crossSite.run();
