/**
 * Which source files a request runs code in: the server is started in process from a built dist, each URL asked
 * for once to warm it (and fill nothing: the response cache is off by a distinct query per round), then V8's precise
 * coverage counts the functions called while the URL is answered again. A file counts when one of its functions
 * ran; files outside dist (node_modules, node's own) are listed apart.
 *
 * Not a uvu suite (uvu imports every .ts under test/, so this module does nothing when imported):
 *   node --import tsx test/tools/request-files.ts --dist <dist folder> --snapshot <file> [--wire upstream] <path>...
 * e.g. `… --snapshot snapshots/default.sqlite '/v2/solana/pools?sortBy=tvl&size=50'`
 */
import { Session } from 'node:inspector/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface MockServerLike {
  url: string;
  close(): Promise<void>;
}

interface Entry {
  createMockServer(options: { snapshot: string; port: number; wire?: string }): Promise<MockServerLike>;
}

interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { count: number }[] }[];
}

async function filesRun(session: Session, run: () => Promise<void>): Promise<string[]> {
  await session.post('Profiler.takePreciseCoverage');
  await run();
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] };
  return result
    .filter((script) => script.functions.some((f) => f.ranges[0]!.count > 0 && f.functionName !== ''))
    .map((script) => script.url);
}

async function main(argv: string[]): Promise<void> {
  const options = new Map<string, string>();
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i]!.startsWith('--')) options.set(argv[i]!, argv[++i]!);
    else paths.push(argv[i]!);
  }
  const dist = resolve(options.get('--dist') ?? 'dist');
  const snapshot = options.get('--snapshot');
  if (!snapshot || paths.length === 0) throw new Error('usage: --dist <dist> --snapshot <file> [--wire w] <path>...');
  // The compiled modules, not the bundle: a file here is a file of src/.
  const entry = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Entry;
  const server = await entry.createMockServer({ snapshot, port: 0, wire: options.get('--wire') });
  const origin = new URL(server.url).origin;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  try {
    for (const path of paths) {
      const ask = async (round: number): Promise<void> => {
        const url = `${path}${path.includes('?') ? '&' : '?'}`;
        // A page asked again would be a cache hit: each round is a listing's first page at another size.
        const response = await fetch(`${origin}${url}size=${40 + round}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      };
      for (let round = 0; round < 3; round++) await ask(round);
      const files = await filesRun(session, () => ask(3));
      const root = pathToFileURL(dist).href;
      const own = files.filter((f) => f.startsWith(root)).map((f) => fileURLToPath(f).slice(dist.length + 1));
      const other = files.filter((f) => !f.startsWith(root) && f.startsWith('file:'));
      console.log(`${path}: ${own.length} files of src`);
      for (const file of own.sort()) console.log(`  ${file.split(sep).join('/').replace(/\.js$/, '.ts')}`);
      console.log(`  (and ${other.length} outside: ${other.map((f) => f.split('node_modules/')[1] ?? f).join(', ')})`);
    }
  } finally {
    session.disconnect();
    await server.close();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  });
}
