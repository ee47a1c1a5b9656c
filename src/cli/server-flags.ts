import type { Argv, Options } from 'yargs';
import { chaosConfig, type ChaosFlags } from './chaos-flags.js';
import { UsageError } from './fail.js';
import { ADMIN_HOST_OPTION, ADMIN_ORIGIN_OPTION, adminAccessOf } from './admin-access-options.js';
import { docPath } from './doc-path.js';
import { MARKET_MOVES_OPTION, marketMovesOf } from './market-moves-option.js';
import { numberFlags } from './numeric-flags.js';
import { parsePort, parsePublicUrl, type ServerRun } from './run-server.js';
import { WIRE_OPTION, wireOf } from './wire-option.js';

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
