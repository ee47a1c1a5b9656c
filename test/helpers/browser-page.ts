import { chromium, type Page } from 'playwright-core';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { findBrowser, type Browser } from './find-browser.js';
import { withServer, type ServerOptions } from './server.js';

/**
 * The landing page in a real browser for the suites of test/browser: a Chromium (see findBrowser) driven by
 * playwright-core, against a server of test/helpers/server.ts.
 */

let browserFound: Promise<Browser> | undefined;

/** Found once per run, and named once, so a failure can be told from the browser it ran in. */
function browserToUse(): Promise<Browser> {
  browserFound ??= findBrowser().then((found) => {
    process.stdout.write(`\n  landing page: Chromium from ${found.source} (${found.executablePath})\n`);
    return found;
  });
  return browserFound;
}

/** A request of the page that changes the server's state through the admin API, as the browser sent it. */
export interface AdminChange {
  method: string;
  path: string;
  body: string | null;
  contentType: string | undefined;
}

export interface Session {
  server: MockServer;
  page: Page;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The API's base URL, `<origin>/v2/solana`. */
  url: string;
  /** Console errors, page errors and failed requests. */
  problems: string[];
  /** Every admin request of the page but a GET, in the order sent. */
  adminChanges: AdminChange[];
  /** The URLs of every API request of the page (under /v2), in the order sent. */
  apiRequests: string[];
}

/** Records what the page sends and what goes wrong in it. */
function watch(page: Page, session: Pick<Session, 'problems' | 'adminChanges' | 'apiRequests'>): void {
  page.on('console', (message) => message.type() === 'error' && session.problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => session.problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    session.problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/v2/')) session.apiRequests.push(`${pathname}${search}`);
    if (pathname.startsWith('/__mock/') && request.method() !== 'GET') {
      const contentType = request.headers()['content-type'];
      session.adminChanges.push({ method: request.method(), path: pathname, body: request.postData(), contentType });
    }
  });
}

/**
 * Starts a server for `options` and a browser page (allowed the clipboard), runs `body`, closes both whatever
 * happens. Never a skip: without a browser the suite fails, naming where it looked.
 */
export async function withPage(options: ServerOptions, body: (session: Session) => Promise<void>): Promise<void> {
  const { executablePath, args } = await browserToUse();
  await withServer(options, async ({ server, origin, url }) => {
    const browser = await chromium.launch({ executablePath, headless: true, args });
    try {
      const page = await browser.newPage({
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      page.setDefaultTimeout(15_000);
      const session: Session = { server, page, origin, url, problems: [], adminChanges: [], apiRequests: [] };
      watch(page, session);
      await body(session);
    } finally {
      await browser.close();
    }
  });
}

/** Loads `/` and waits until every section has loaded (or failed) and every image has settled. */
export async function open(session: Session): Promise<void> {
  await session.page.goto(`${session.origin}/`);
  for (const section of ['snapshot', 'chaos', 'market', 'preview', 'pools', 'journal', 'reference'])
    await session.page.waitForSelector(`#${section}:not([data-status="loading"])`);
  await session.page.waitForFunction('[...document.images].every((img) => img.complete)');
}
