import { Worker } from 'node:worker_threads';

/**
 * A generator worker's young generation, in MB (V8's semi-spaces of 64). Building and writing pools allocate
 * much that dies at once: with it, pool workers build faster and the writing thread spends a far smaller share
 * of its time in collections than the main thread does with its default (docs/performance.md §6). It grows to
 * that only as the worker allocates.
 */
const YOUNG_GENERATION_MB = 192;

/**
 * What to start one of the generator's worker threads with. The compiled worker is `<entry>.js` beside this
 * file; in the package's bundle, where this code lies in a chunk, the build makes each worker an entry beside
 * it. Run from the TypeScript sources (tests, tsx), a worker does not inherit tsx's loader on Node 20, so a
 * small script registers it first; without tsx to be found this throws, before any worker is started.
 */
function workerSpec(entry: string): { target: URL | string; eval: boolean } {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(`./${entry}.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return { target: file, eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  return {
    target:
      `import(${JSON.stringify(tsx)}).then((api) => { api.register(); ` +
      `return import(${JSON.stringify(file.href)}); })`,
    eval: true,
  };
}

/**
 * Starts one of the generator's worker threads (`pool-worker.ts` or `write-worker.ts`) with `workerData`; throws
 * at once where none can be started (sources run without tsx). No node flags: the worker runs only the
 * generator (and registers tsx itself from the sources). The caller's would be inherited, and some make a worker
 * refuse to start: `--input-type` (a caller run as `node --input-type=module -e …`), or per-process ones such as
 * `--max-old-space-size` when given.
 * @example const worker = startGeneratorWorker('pool-worker', context)
 */
export function startGeneratorWorker(entry: 'pool-worker' | 'write-worker', workerData: unknown): Worker {
  const spec = workerSpec(entry);
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
  return new Worker(spec.target, { eval: spec.eval, workerData, execArgv: [], resourceLimits });
}
