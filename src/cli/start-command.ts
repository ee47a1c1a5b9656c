import type { Argv } from 'yargs';
import { snapshotToServe } from './default-snapshot.js';
import { runServer } from './run-server.js';
import { serverFlags, serverRun, type ServerArgs } from './server-flags.js';

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
