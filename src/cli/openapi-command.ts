import { writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { API_BASE } from '../api/route-paths.js';
import type { Wire } from '../snapshot/format/wire.js';
import { UsageError } from './fail.js';
import { WIRE_OPTION } from './flag-values.js';

/** Where `npm start` and `serve` listen by default. */
const DEFAULT_SERVER_URL = `http://127.0.0.1:8080${API_BASE}`;

/** An absolute http(s) URL or a path from `/`, without a trailing slash. */
function serverUrl(raw: string): string {
  let ok = raw.startsWith('/');
  try {
    ok ||= ['http:', 'https:'].includes(new URL(raw).protocol);
  } catch {
    // not absolute: only a path will do
  }
  if (!ok || /[?#\s]/.test(raw))
    throw new UsageError(
      `--server-url must be an http(s) URL or a path such as ${DEFAULT_SERVER_URL} or ${API_BASE}, got '${raw}'`,
    );
  return raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
}

/** `clmm-mock openapi`: the OpenAPI 3.1 document of the v2 API in one dialect, on stdout or in a file. */
export const openapiCommand = {
  command: 'openapi',
  describe: 'Print the OpenAPI 3.1 document of the v2 API (or write it with --out)',
  builder: (yargs: Argv) =>
    yargs
      .option('out', {
        type: 'string',
        requiresArg: true,
        describe: 'Write the document to this file instead of stdout, e.g. --out openapi.json',
      })
      .option('server-url', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_SERVER_URL,
        describe: `The API base URL the document names, e.g. --server-url https://mock.example.com${API_BASE}`,
      })
      .option('wire', { ...WIRE_OPTION, default: 'spec' })
      .example('$0 openapi --out openapi.json', '')
      .example('$0 openapi --wire upstream --out live.json', "the live API's dialect")
      .example(`$0 openapi --server-url http://localhost:9000${API_BASE} > openapi.json`, ''),
  handler: async (argv: { out?: string; serverUrl: string; wire: string }) => {
    const { buildOpenApi } = await import('../openapi/build-openapi.js');
    const wire = argv.wire as Wire; // yargs checked it against WIRE_OPTION.choices
    const text = `${JSON.stringify(buildOpenApi({ serverUrl: serverUrl(argv.serverUrl), wire }), null, 2)}\n`;
    if (argv.out === undefined) return void process.stdout.write(text);
    try {
      writeFileSync(argv.out, text);
    } catch (error) {
      throw new UsageError(`--out ${argv.out}: ${(error as Error).message}`, 1);
    }
    process.stdout.write(`wrote ${argv.out}\n`);
  },
};
