/**
 * What to start one of the generator's worker threads with (`entry`: 'pool-worker' or 'write-worker'). The
 * compiled worker is `<entry>.js` beside this file; in the package's bundle, where this code lies in a chunk,
 * the build makes each worker an entry beside it. Run from the TypeScript sources (tests, tsx), a worker does
 * not inherit tsx's loader on Node 20, so a small script registers it first; without tsx to be found this
 * throws, before any worker is started.
 * @example new Worker(workerSpec('pool-worker').target, { eval: workerSpec('pool-worker').eval })
 */
export function workerSpec(entry: 'pool-worker' | 'write-worker'): { target: URL | string; eval: boolean } {
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
