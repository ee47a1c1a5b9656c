import type { Argv, Options } from 'yargs';
import { parseMovesEvery } from '../moves/market-clock.js';
import { chaosConfig, type ChaosFlags } from './chaos-flags.js';
import { snapshotToServe } from './default-snapshot.js';
import { UsageError } from './fail.js';
import { ADMIN_HOST_OPTION, ADMIN_ORIGIN_OPTION, adminAccessOf } from './admin-access-options.js';
import { docPath } from './doc-path.js';
import { numberFlags } from './flag-values.js';
import { parsePort, parsePublicUrl, runServer, type ServerRun } from './run-server.js';
import { WIRE_OPTION, wireOf } from './flag-values.js';

// The two commands that run a server, `start` and `serve`: one set of flags, checked before anything starts, and
// the one difference between them, what each serves when neither `--snapshot` nor `--market` says.

/** `--market-moves` of `serve` and `start` (docs/market-moves.md §1). */
const MARKET_MOVES_OPTION = {
  type: 'string',
  requiresArg: true,
  describe:
    'Let the market move by itself: a step (five minutes of market time) this often, e.g. --market-moves 5s ' +
    '(default: it moves only through /__mock/market)',
} as const;

/** The interval in ms, checked here so that a bad value is one usage line (exit 2) before anything starts. */
function marketMovesOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseMovesEvery(value);
  } catch (error) {
    throw new UsageError(`--market-moves: ${(error as Error).message}`);
  }
}

/**
 * The flags of `serve` and `start`, defined once: the two commands take the same ones and differ only in what
 * they serve when neither `--snapshot` nor `--market` is given (docs/api.md §11). A flag added here is both's.
 */
const SERVER_FLAGS = {
  snapshot: {
    type: 'string',
    requiresArg: true,
    describe: 'Snapshot file to serve, as it is, e.g. --snapshot snapshots/demo.sqlite',
  },
  market: {
    type: 'string',
    requiresArg: true,
    describe:
      'Serve the default market with the tokens and pools a market file declares ' +
      `(${docPath('docs/market-file.md')}), generated beside the default snapshot and again whenever the file ` +
      'changes, e.g. --market market.json',
  },
  port: {
    type: 'string',
    requiresArg: true,
    describe: 'Port; 0 takes a free one (default: PORT, else 8080), e.g. --port 0',
  },
  host: {
    type: 'string',
    requiresArg: true,
    default: '127.0.0.1',
    describe: 'Interface to listen on; 0.0.0.0 exposes it to the network, e.g. --host 0.0.0.0',
  },
  latency: {
    type: 'string',
    requiresArg: true,
    describe: 'Delay every response (ms): fixed, a range or lognormal:<median>:<sigma>, e.g. --latency 50-250',
  },
  'error-rate': {
    type: 'string',
    requiresArg: true,
    describe: 'Share of requests that fail, 0..1, e.g. --error-rate 0.1',
  },
  'error-status': {
    type: 'string',
    requiresArg: true,
    describe:
      'What a failure is: statuses and/or reset, hang, truncate (default 500), e.g. --error-status 500,503,reset',
  },
  'rate-limit': {
    type: 'string',
    requiresArg: true,
    describe: 'Requests per window per client, then 429 with Retry-After, e.g. --rate-limit 10/1s',
  },
  'chaos-seed': {
    type: 'string',
    requiresArg: true,
    describe: 'Make every chaos decision reproducible, e.g. --chaos-seed 7',
  },
  'hang-ms': {
    type: 'string',
    requiresArg: true,
    describe: 'How long a hang fault holds the connection before dropping it (default 30000), e.g. --hang-ms 5000',
  },
  config: {
    type: 'string',
    requiresArg: true,
    describe:
      `JSON chaos settings, globally and per route (${docPath('docs/admin-and-chaos.md')} §2); ` +
      'flags override it, e.g. --config chaos.json',
  },
  'public-url': {
    type: 'string',
    requiresArg: true,
    describe:
      'Base URL clients reach the server at, for logo URLs in responses, ' +
      "e.g. --public-url https://mock.example.com (default: http:// + the request's Host)",
  },
  'admin-token': {
    type: 'string',
    requiresArg: true,
    describe:
      'Token the admin routes that change state require (Authorization: Bearer <token>); needed to change them ' +
      'on a host beyond loopback (default: CLMM_MOCK_ADMIN_TOKEN), e.g. --admin-token s3cret-token',
  },
  'admin-host': ADMIN_HOST_OPTION,
  'admin-origin': ADMIN_ORIGIN_OPTION,
  wire: { ...WIRE_OPTION, describe: `${WIRE_OPTION.describe} (default: CLMM_MOCK_WIRE, else spec)` },
  'market-moves': MARKET_MOVES_OPTION,
  quiet: {
    type: 'boolean',
    describe: 'Print no request log (by default a line per request: method, URL, status, time, chaos), e.g. --quiet',
  },
} as const satisfies Record<string, Options>;

/** The flags shown as `[number]` in `--help`; each is checked where it is read. */
const NUMBER_FLAGS = ['port', 'error-rate', 'chaos-seed', 'hang-ms'] as const;

/** The shared flags as yargs hands them over. */
export type ServerArgs = {
  snapshot?: string;
  market?: string;
  port?: string;
  host: string;
  publicUrl?: string;
  adminToken?: string;
  wire?: string;
  marketMoves?: string;
  quiet?: boolean;
  adminHost?: string | string[];
  adminOrigin?: string | string[];
} & ChaosFlags;

/**
 * Adds the flags `serve` and `start` share to a command's builder.
 * @example builder: (yargs) => serverFlags(yargs).example('$0 serve --snapshot s.sqlite', '')
 */
export function serverFlags<T>(yargs: Argv<T>) {
  return numberFlags(yargs.options(SERVER_FLAGS), NUMBER_FLAGS);
}

/**
 * The port: `--port`, else PORT, else 8080 (a flag wins over the variable), with where it came from for errors.
 * @example portOf(undefined, '9123') // { port: 9123, from: 'PORT' }
 */
export function portOf(flag: string | undefined, env: string | undefined): { port: number; from: string } {
  if (flag !== undefined) return { port: parsePort(flag, '--port'), from: '--port' };
  if (env === undefined || env === '') return { port: 8080, from: '--port' };
  return { port: parsePort(env, 'PORT'), from: 'PORT' };
}

/**
 * `--host`: a name or an address, never blank (Node reads an empty host as every interface, the opposite of
 * what a blank suggests).
 * @example hostOf('') // throws "--host must name the interface to listen on, …, got ''"
 */
export function hostOf(raw: string): string {
  if (raw.trim() === '' || /\s/.test(raw))
    throw new UsageError(
      '--host must name the interface to listen on, such as 127.0.0.1 (this machine only), ::1 or ' +
        `0.0.0.0 (every interface), got '${raw}'`,
    );
  return raw;
}

/**
 * Every shared flag checked, before anything is generated or opened, as the options of the server to run
 * (all but the snapshot, which each command finds its own way).
 * @example serverRun({ host: '127.0.0.1', port: '0' }) // { port: 0, portFrom: '--port', host: '127.0.0.1', … }
 */
export function serverRun(argv: ServerArgs): ServerRun {
  const { port, from } = portOf(argv.port, process.env.PORT);
  const adminToken = argv.adminToken ?? process.env.CLMM_MOCK_ADMIN_TOKEN;
  if (adminToken !== undefined && !/^[\x21-\x7e]{8,}$/.test(adminToken)) {
    throw new UsageError(
      '--admin-token (or CLMM_MOCK_ADMIN_TOKEN) must be at least 8 printable characters without spaces',
    );
  }
  return {
    port,
    portFrom: from,
    host: hostOf(argv.host),
    publicUrl: argv.publicUrl === undefined ? undefined : parsePublicUrl(argv.publicUrl),
    adminToken,
    ...adminAccessOf(argv),
    wire: wireOf(argv.wire),
    chaos: chaosConfig(argv),
    marketMoves: marketMovesOf(argv.marketMoves),
    quiet: argv.quiet === true,
  };
}

/**
 * `clmm-mock start` (what `npm start` runs): `serve` with its flags, serving the default snapshot, generated
 * first when absent or stale, unless `--snapshot` or `--market` says otherwise.
 */
export const startCommand = {
  command: 'start',
  describe:
    'Serve the default snapshot, generated first when absent (in a project: .clmm-mock/default.sqlite); ' +
    'takes every flag of serve',
  builder: (yargs: Argv) =>
    serverFlags(yargs)
      .example('$0 start', 'http://127.0.0.1:8080/v2/solana')
      .example('$0 start --port 9000', 'another port (PORT=9000 too; the flag wins; 0 takes a free one)')
      .example('$0 start --latency 50-250 --error-rate 0.1', 'the default snapshot, slow and flaky on purpose')
      .example('$0 start --market-moves 5s', 'a market that moves: a step of five minutes every 5 seconds')
      .example('$0 start --wire upstream', "the live API's dialect, for apps written against it")
      .example('$0 start --market market.json', 'the default market with your tokens and pools in it'),
  handler: async (argv: ServerArgs) => {
    const run = serverRun(argv);
    await runServer({ ...run, snapshot: await snapshotToServe(argv, 'start') });
  },
};

/** `clmm-mock serve`: replays the v2 API from a snapshot (`start`'s flags, without its default snapshot). */
export const serveCommand = {
  command: 'serve',
  describe: 'Serve the v2 API from a snapshot (--snapshot, or a market file with --market); start takes the same flags',
  builder: (yargs: Argv) =>
    serverFlags(yargs)
      .example('$0 serve --snapshot snapshots/demo.sqlite --port 0', '')
      .example('PORT=9000 $0 serve --snapshot snapshots/demo.sqlite', 'PORT sets the port when --port is absent')
      .example('$0 serve --snapshot snapshots/demo.sqlite --market-moves 5s', 'a step of market time every 5 seconds')
      .example('$0 serve --snapshot snapshots/demo.sqlite --wire upstream', 'for apps written against the live API')
      .example('$0 serve --market market.json', 'the default market with your tokens and pools in it')
      .example(
        '$0 serve --snapshot snapshots/demo.sqlite --host 0.0.0.0 --admin-token s3cret-token',
        'on the network; PUT /__mock/chaos needs Authorization: Bearer s3cret-token',
      )
      .example(
        '$0 serve --snapshot snapshots/demo.sqlite --latency 50-250 --error-rate 0.1 --error-status 500,503',
        '',
      ),
  handler: async (argv: ServerArgs) => {
    const run = serverRun(argv);
    await runServer({ ...run, snapshot: await snapshotToServe(argv, 'serve') });
  },
};
