import type { Argv } from 'yargs';
import { ADMIN_HOST_OPTION, ADMIN_ORIGIN_OPTION, adminAccessOf } from './admin-access-options.js';
import { chaosConfig, type ChaosFlags } from './chaos-flags.js';
import { UsageError } from './fail.js';
import { parsePort, parsePublicUrl, runServer } from './run-server.js';
import { MARKET_MOVES_OPTION, marketMovesOf } from './market-moves-option.js';
import { WIRE_OPTION, wireOf } from './wire-option.js';

/** `clmm-mock serve`: replays the v2 API from a snapshot. */
export const serveCommand = {
  command: 'serve',
  describe: 'Serve the v2 API from a snapshot',
  builder: (yargs: Argv) =>
    yargs
      .option('snapshot', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Snapshot file, e.g. --snapshot snapshots/demo.sqlite',
      })
      .option('port', {
        type: 'string',
        requiresArg: true,
        default: '8080',
        describe: 'Port; 0 takes a free one, e.g. --port 0',
      })
      .option('host', {
        type: 'string',
        requiresArg: true,
        default: '127.0.0.1',
        describe: 'Interface; 0.0.0.0 exposes it to the network, e.g. --host 0.0.0.0',
      })
      .option('latency', {
        type: 'string',
        requiresArg: true,
        describe: 'Delay every response (ms): fixed, a range or lognormal:<median>:<sigma>, e.g. --latency 50-250',
      })
      .option('error-rate', {
        type: 'string',
        requiresArg: true,
        describe: 'Share of requests that fail, 0..1, e.g. --error-rate 0.1',
      })
      .option('error-status', {
        type: 'string',
        requiresArg: true,
        describe:
          'What a failure is: statuses and/or reset, hang, truncate (default 500), e.g. --error-status 500,503,reset',
      })
      .option('rate-limit', {
        type: 'string',
        requiresArg: true,
        describe: 'Requests per window per client, then 429 with Retry-After, e.g. --rate-limit 10/1s',
      })
      .option('chaos-seed', {
        type: 'string',
        requiresArg: true,
        describe: 'Make every chaos decision reproducible, e.g. --chaos-seed 7',
      })
      .option('hang-ms', {
        type: 'string',
        requiresArg: true,
        describe: 'How long a hang fault holds the connection before dropping it (default 30000), e.g. --hang-ms 5000',
      })
      .option('config', {
        type: 'string',
        requiresArg: true,
        describe:
          'JSON chaos settings, globally and per route (see the README); flags override it, e.g. --config chaos.json',
      })
      .option('public-url', {
        type: 'string',
        requiresArg: true,
        describe:
          'Base URL clients reach the server at, for logo URLs in responses, ' +
          'e.g. --public-url https://mock.example.com ' +
          "(default: http:// + the request's Host)",
      })
      .option('admin-token', {
        type: 'string',
        requiresArg: true,
        describe:
          'Token the admin routes that change state require (Authorization: Bearer <token>); needed to change them ' +
          'on a host beyond loopback (default: CLMM_MOCK_ADMIN_TOKEN), e.g. --admin-token s3cret-token',
      })
      .option('admin-host', ADMIN_HOST_OPTION)
      .option('admin-origin', ADMIN_ORIGIN_OPTION)
      .option('wire', { ...WIRE_OPTION, describe: `${WIRE_OPTION.describe} (default: CLMM_MOCK_WIRE, else spec)` })
      .option('market-moves', MARKET_MOVES_OPTION)
      .example('$0 serve --snapshot snapshots/demo.sqlite --port 0', '')
      .example('$0 serve --snapshot snapshots/demo.sqlite --market-moves 5s', 'a step of market time every 5 seconds')
      .example('$0 serve --snapshot snapshots/demo.sqlite --wire upstream', 'for apps written against the live API')
      .example(
        '$0 serve --snapshot snapshots/demo.sqlite --host 0.0.0.0 --admin-token s3cret-token',
        'on the network; PUT /__mock/chaos needs Authorization: Bearer s3cret-token',
      )
      .example(
        '$0 serve --snapshot snapshots/demo.sqlite --latency 50-250 --error-rate 0.1 --error-status 500,503',
        '',
      ),
  handler: async (
    argv: {
      snapshot: string;
      port: string;
      host: string;
      publicUrl?: string;
      adminToken?: string;
      adminHost?: string | string[];
      adminOrigin?: string | string[];
      wire?: string;
      marketMoves?: string;
    } & ChaosFlags,
  ) => {
    const { snapshot, host } = argv;
    const publicUrl = argv.publicUrl === undefined ? undefined : parsePublicUrl(argv.publicUrl);
    const adminToken = argv.adminToken ?? process.env.CLMM_MOCK_ADMIN_TOKEN;
    if (adminToken !== undefined && !/^[\x21-\x7e]{8,}$/.test(adminToken)) {
      throw new UsageError(
        '--admin-token (or CLMM_MOCK_ADMIN_TOKEN) must be at least 8 printable characters without spaces',
      );
    }
    await runServer({
      snapshot,
      port: parsePort(argv.port, '--port'),
      host,
      publicUrl,
      adminToken,
      ...adminAccessOf(argv),
      wire: wireOf(argv.wire),
      chaos: chaosConfig(argv),
      marketMoves: marketMovesOf(argv.marketMoves),
    });
  },
};
