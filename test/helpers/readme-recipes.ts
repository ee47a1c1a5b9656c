import * as assert from 'uvu/assert';

// The README's commands, and how test/package runs each in a project that installed the packed package: as
// written to its end, as a server of its own probed and stopped, against a running server, or not at all,
// for a reason. A command the README adds or changes fails the test until it is given its way here.

export type Recipe =
  /** Run as written; `check` then looks at what it left or printed. */
  | { way: 'run'; check?: (stdout: string) => void }
  /**
   * Run as written but for `replace`, swapped for where the test's server listens (`npx clmm-mock start` on a
   * free port, its `url` or its `host`), or its stand-in of a live API (`upstream`); after the others, so that
   * the server's generation does not precede theirs. `check` gets the stdout and the test server's URL.
   */
  | {
      way: 'run-at';
      replace: string;
      by: 'url' | 'host' | 'upstream';
      check: (stdout: string, url: string) => Promise<void>;
    }
  /** A server: started as written plus `extra` (words appended), `probe`d, stopped. */
  | { way: 'server'; extra?: string; probe: (url: string) => Promise<void> }
  /** Not run in the installed project, and why. */
  | { way: 'not-here'; why: string };

/**
 * The commands a README gives: its `sh` blocks' lines (a line ending in `\` joined with the next, comments
 * dropped) and the commands its prose quotes (`npx …`, `npm …`, `curl …`, `PORT=… …`), first mention first.
 *
 * @example
 * readmeCommands('Run `npm test`\n```sh\nnpx clmm-mock start  # serves\n```\n'); // ['npm test', 'npx clmm-mock start']
 */
export function readmeCommands(readme: string): string[] {
  const found: [number, string][] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1]!.replace(/\\\n\s*/g, '').split('\n');
    for (const line of lines.map((l) => l.replace(/\s+#\s.*$/, '').trim()).filter((l) => l && !l.startsWith('#'))) {
      found.push([block.index, line]);
    }
  }
  for (const span of readme.matchAll(/`((?:npx|npm|curl|PORT=\d+) [^`]+)`/g)) found.push([span.index, span[1]!]);
  return [...new Set(found.sort(([a], [b]) => a - b).map(([, line]) => line))];
}

const json = async (response: Response): Promise<unknown> => (await response.json()) as unknown;
const adminBase = (url: string): string => url.replace(/\/v2\/solana$/, '');
const chaosOf = async (url: string): Promise<Record<string, unknown>> =>
  (await json(await fetch(`${adminBase(url)}/__mock/chaos`))) as Record<string, unknown>;

const CLONE = "the clone's scripts, for a clone only (CI runs `npm test` in the clone; `npm start` runs `start`)";

const CHAOS_PUT =
  "curl -X PUT localhost:8080/__mock/chaos -H 'Content-Type: application/json' " +
  '-d \'{"routes": {"GET /pools/search": {"errorRate": 1, "errorStatus": [502]}}}\'';

/** Every command README.md gives, and its way (in README order). */
export const README_RECIPES: Record<string, Recipe> = {
  'npm install && npm start': { way: 'not-here', why: CLONE },
  'npm test': { way: 'not-here', why: CLONE },
  'PORT=9000 npm start': { way: 'not-here', why: `${CLONE}; PORT is honoured by every start below (PORT=0)` },
  'npm start -- --port 9000': { way: 'not-here', why: `${CLONE}; --port is taken by every serve below (--port 0)` },
  'npx clmm-mock start &': {
    way: 'not-here',
    why: "a server in the background; stopping one run by npm is test/cli's",
  },
  'npx clmm-mock start --latency 50-250': {
    way: 'not-here',
    why: 'the serve --latency recipe below runs the same flag',
  },
  'npm start &': { way: 'not-here', why: `${CLONE}; stopping a server run by npm is test/cli's npm-parent suite` },
  'kill $(curl -s http://127.0.0.1:8080/__mock/health | node -p \'JSON.parse(require("fs").readFileSync(0)).pid\')': {
    way: 'not-here',
    why: 'it stops the server on :8080; health names its pid (test/cli health-doc), and the quickstart was tried so',
  },
  "curl 'http://localhost:8080/v2/solana/pools?size=5&stats=24h'": {
    way: 'run-at',
    replace: 'http://localhost:8080/v2/solana',
    by: 'url',
    check: async (stdout) => {
      const page = JSON.parse(stdout) as { data: { stats: Record<string, unknown> }[] };
      assert.is(page.data.length, 5);
      assert.equal(Object.keys(page.data[0]!.stats), ['24h']);
    },
  },
  'npm install --save-dev clmm-mock': {
    way: 'not-here',
    why: 'the project installs the packed tarball the same way (`npm install <file>`): it is not on a registry',
  },
  'npx clmm-mock generate --out .clmm-mock/default.sqlite': { way: 'run' },
  'npx clmm-mock start': {
    way: 'server',
    probe: async (url) => assert.is(((await json(await fetch(`${url}/pools?size=2`))) as { data: [] }).data.length, 2),
  },
  'npm install-scripts approve better-sqlite3 && npm rebuild better-sqlite3': {
    way: 'not-here',
    why: "npm 12's approval: the npm here builds better-sqlite3 on install, and every server here opens it",
  },
  'npx clmm-mock start --market-moves 5s': {
    way: 'server',
    probe: async (url) => {
      // The clock's first step comes five seconds after start: poll for it, bounded.
      let step = '0';
      for (let tries = 0; tries < 120 && step === '0'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        step = (await fetch(`${url}/protocol`)).headers.get('x-mock-market-step') ?? 'none';
      }
      assert.ok(Number(step) >= 1, `the market did not move: step ${step}`);
    },
  },
  'npm run calibration': { way: 'not-here', why: CLONE },
  'npx clmm-mock generate --out .clmm-mock/default.sqlite --force': { way: 'run' },
  'npx clmm-mock serve --snapshot .clmm-mock/default.sqlite --latency 50-250': {
    way: 'server',
    extra: '--port 0',
    probe: async (url) => assert.is((await chaosOf(url)).latency, '50-250'),
  },
  'npx clmm-mock serve --snapshot .clmm-mock/default.sqlite --error-rate 0.1 --error-status 500,503 --chaos-seed 7': {
    way: 'server',
    extra: '--port 0',
    probe: async (url) => {
      const chaos = await chaosOf(url);
      assert.equal([chaos.errorRate, chaos.errorStatus, chaos.chaosSeed], [0.1, [500, 503], 7]);
    },
  },
  'npx clmm-mock serve --snapshot .clmm-mock/default.sqlite --rate-limit 10/1s': {
    way: 'server',
    extra: '--port 0',
    probe: async (url) => {
      assert.is((await chaosOf(url)).rateLimit, '10/1s');
      // 25 at once: at most 10 of them fit a window, so a window's 11th answers 429 however the windows fall.
      const answers = await Promise.all(Array.from({ length: 25 }, () => fetch(`${url}/protocol`)));
      const limited = answers.filter((answer) => answer.status === 429);
      assert.ok(limited.length > 0 && limited.every((answer) => answer.headers.get('retry-after') !== null));
    },
  },
  [CHAOS_PUT]: {
    way: 'run-at',
    replace: 'localhost:8080',
    by: 'host',
    check: async (stdout, url) => {
      assert.equal((JSON.parse(stdout) as { routes: unknown }).routes, {
        'GET /pools/search': { errorRate: 1, errorStatus: [502] },
      });
      assert.is((await fetch(`${url}/pools/search?q=sol`)).status, 502);
    },
  },
  'npx clmm-mock generate --seed 7 --pools 500 --tokens 200 --out snapshots/demo.sqlite': {
    way: 'run',
    check: (stdout) => assert.match(stdout, /^wrote snapshots\/demo\.sqlite: 200 tokens, 500 pools/m),
  },
  'npx clmm-mock inspect snapshots/demo.sqlite --verify --calibration': {
    way: 'run',
    check: (stdout) => assert.match(stdout, /^verified 500 pools: 0 violations$/m),
  },
  'npx clmm-mock record --from https://api.example.com/v2/solana --out snapshots/live.sqlite': {
    way: 'run-at',
    replace: 'https://api.example.com/v2/solana',
    by: 'upstream',
    check: async (stdout) => assert.match(stdout, /snapshots\/live\.sqlite/),
  },
  'npx clmm-mock export --snapshot .clmm-mock/default.sqlite --out mocks/api --public-url http://localhost:5173': {
    way: 'run',
    check: (stdout) => assert.match(stdout, /the index is mocks\/api\/index\.json/),
  },
};
