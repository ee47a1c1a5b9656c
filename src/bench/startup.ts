import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The in-process start-up of a test worker: medians over fresh processes (startup-probe.ts). */
export interface StartupResult {
  runs: number;
  importMs: number;
  createMs: number;
  firstMs: number;
  totalMs: number;
  /** RSS at the first answer over a bare node process's, in MB. */
  addedMb: number;
  /** A bare node:http server's import, creation and first answer, as the probe measures the mock's. */
  bareMs: number;
}

/** What the probe does, with node:http alone: the floor a test worker's start-up is held to. */
const BARE_PROBE = `
const started = performance.now();
const { createServer, get } = await import('node:http');
const server = createServer((req, res) => res.end('{"data":[]}'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
await new Promise((resolve, reject) =>
  get('http://127.0.0.1:' + server.address().port + '/', (res) => res.resume().on('end', resolve)).on('error', reject));
process.stdout.write(String(performance.now() - started));
server.close();`;

const PROBE = fileURLToPath(new URL('./startup-probe.js', import.meta.url));

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A bare node process's RSS, in bytes: what a process that loads nothing holds. */
function bareRss(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.memoryUsage().rss))']));
}

/**
 * Runs the probe `runs` times, each in a fresh node process without flags (as a test runner's worker
 * runs), one after another, on `snapshot`; reports the median of each step.
 */
export function measureStartup(snapshot: string, runs = 5): StartupResult {
  const samples = Array.from({ length: runs }, () => {
    const bare = bareRss();
    const probe = JSON.parse(execFileSync(process.execPath, [PROBE, snapshot], { encoding: 'utf8' })) as Omit<
      StartupResult,
      'runs' | 'addedMb' | 'bareMs'
    > & { rss: number };
    const bareMs = Number(execFileSync(process.execPath, ['--input-type=module', '-e', BARE_PROBE]));
    return { ...probe, addedMb: (probe.rss - bare) / 1024 / 1024, bareMs };
  });
  const of = (key: keyof (typeof samples)[number]): number => Math.round(10 * median(samples.map((s) => s[key]))) / 10;
  return {
    runs,
    importMs: of('importMs'),
    createMs: of('createMs'),
    firstMs: of('firstMs'),
    totalMs: of('totalMs'),
    addedMb: of('addedMb'),
    bareMs: of('bareMs'),
  };
}
