/**
 * Run in a fresh node process by the benchmark (startup.ts): imports the package's main entry as a
 * test worker does, creates a server on port 0 on the snapshot named in argv, gets one page of pools,
 * and prints what each step took and the process's RSS then, as JSON. The client is node:http, which
 * the server loads anyway, so the figures are the mock's, not a client library's.
 */
import { get } from 'node:http';
import type * as Entry from '../index.js';

/** One answer's body, read whole. */
function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

const started = performance.now();
// The entry the package's `main` names (the bundle: docs/performance.md §8), as a consumer imports it.
const { createMockServer } = (await import(new URL('../bundle/index.js', import.meta.url).href)) as typeof Entry;
const imported = performance.now();
const server = await createMockServer({ snapshot: process.argv[2]!, port: 0 });
const created = performance.now();
const body = await fetchText(`${server.url}/pools?size=5&stats=24h`);
const answered = performance.now();
const rss = process.memoryUsage().rss;
await server.close();
if (!body.startsWith('{"data":[')) throw new Error(`the first page is not a list: ${body.slice(0, 200)}`);
process.stdout.write(
  `${JSON.stringify({
    importMs: imported - started,
    createMs: created - imported,
    firstMs: answered - created,
    totalMs: answered - started,
    rss,
  })}\n`,
);
