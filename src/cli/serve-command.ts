import type { Argv } from 'yargs';
import { snapshotToServe } from './default-snapshot.js';
import { runServer } from './run-server.js';
import { serverFlags, serverRun, type ServerArgs } from './server-flags.js';

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
