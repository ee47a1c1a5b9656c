import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/snapshots.js';

// What importing the package's main entry loads, read from the loader itself in a fresh node process
// (a module hook that writes down every URL it loads), not from a timing: serving code only; the
// generator (and faker), the recorder, the exporter, verification, the OpenAPI builder and TypeBox
// load when a function that needs them is first called (docs/performance.md §8).
const entry = suite('the main entry loads only what serving needs');
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** Where the package's own loaded modules' URLs begin. */
const DIST_URL = pathToFileURL(DIST).href;
/** The modules as compiled, one file each: which of them load shows the import graph. */
const COMPILED = pathToFileURL(join(DIST, 'index.js')).href;
/** What the package's `main` names: the bundle of those modules (docs/performance.md §8). */
const BUNDLED = pathToFileURL(join(DIST, 'bundle/index.js')).href;

/** A module hook that appends each URL it loads to the file named in its data. */
const HOOKS = `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function load(url, context, next) { appendFileSync(file, url + '\\n'); return next(url, context); }
`)}`;

/**
 * Runs `script` (an ES module body, with `file` and `entry` defined) in a fresh node; returns the URLs
 * loaded at each mark. The script is a file, not `-e`: worker threads inherit node's flags.
 */
function loadedIn(script: string, entryUrl = COMPILED): Record<string, string[]> {
  const { dir, remove } = tempDir();
  const file = join(dir, 'loaded.txt');
  const probe = join(dir, 'probe.mjs');
  try {
    writeFileSync(
      probe,
      `import { register, createRequire } from 'node:module';
         import { readFileSync, writeFileSync } from 'node:fs';
         const file = ${JSON.stringify(file)};
         const entry = ${JSON.stringify(entryUrl)};
         writeFileSync(file, '');
         register(${JSON.stringify(HOOKS)}, { data: { file } });
         const marks = {};
         const mark = (name) => (marks[name] = [
           ...readFileSync(file, 'utf8').split('\\n').filter(Boolean),
           ...Object.keys(createRequire(entry).cache),
         ]);
         ${script}
         process.stdout.write(JSON.stringify(marks));`,
    );
    const output = execFileSync(process.execPath, [probe], { encoding: 'utf8' });
    return JSON.parse(output) as Record<string, string[]>;
  } finally {
    remove();
  }
}

/** Modules of the package (under dist/) or of a dependency, by a path fragment. */
const matching = (urls: readonly string[], fragment: RegExp): string[] => urls.filter((url) => fragment.test(url));

const HEAVY: readonly [string, RegExp][] = [
  ['faker', /@faker-js\/faker/],
  ['TypeBox', /@sinclair\/typebox/],
  ['decimal.js', /node_modules\/decimal\.js/],
  ['yargs', /node_modules\/yargs/],
  ['the generator', /dist\/generator\/(?!run\/defaults\.js)/],
  ['the recorder', /dist\/record\/(?!record-error\.js)/],
  ['the exporter', /dist\/export\//],
  ['the OpenAPI builder', /dist\/openapi\//],
  ['verification', /dist\/snapshot\/verify\//],
  ['the response schemas', /dist\/api\/(schemas\/|route-data\.js)/],
];

entry(
  'importing it loads the server and none of faker, TypeBox, the generator, recorder, exporter or OpenAPI builder',
  () => {
    const { imported } = loadedIn(`await import(entry); mark('imported');`);
    assert.ok(
      matching(imported!, /dist\/http\/create-mock-server\.js$/).length === 1,
      `the hook saw the server load: ${imported!.length} modules`,
    );
    for (const [name, fragment] of HEAVY) assert.equal(matching(imported!, fragment), [], `${name} was loaded`);
  },
);

entry('the functions that need them load them on their first call, and work', () => {
  const { imported, built } = loadedIn(`
    const { buildOpenApi } = await import(entry);
    mark('imported');
    const doc = await buildOpenApi();
    if (doc.openapi !== '3.1.0') throw new Error('not an OpenAPI document');
    mark('built');`);
  assert.equal(matching(imported!, /@sinclair\/typebox/), []);
  assert.ok(matching(built!, /@sinclair\/typebox/).length > 0, 'TypeBox loaded for the document');
  assert.ok(matching(built!, /dist\/openapi\/build-openapi\.js$/).length === 1);
  assert.equal(matching(built!, /@faker-js\/faker/), [], 'the document needs no faker');
});

const bundled = suite("the package's main entry, bundled, loads only what serving needs");

/** The compiled modules a bundle file holds, by the `// dist/…` line esbuild writes before each. */
const modulesIn = (url: string): string[] =>
  [...readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ (dist\/\S+\.js)$/gm)].map((m) => m[1]!);

bundled('importing the bundle loads none of the heavy packages, and no module that only a later call needs', () => {
  const { imported } = loadedIn(`await import(entry); mark('imported');`, BUNDLED);
  const own = imported!.filter((url) => url.startsWith(DIST_URL));
  assert.ok(own.length > 1, `the bundle loaded: ${own.join(', ')}`);
  assert.equal(
    own.filter((url) => !/dist\/bundle\/(index|chunk-[0-9A-Z]+)\.js$/.test(url)),
    [],
    'a module beside the bundle, or a lazily imported one, was loaded',
  );
  const modules = own.flatMap(modulesIn);
  assert.ok(modules.includes('dist/http/create-mock-server.js'), `the bundle's modules: ${modules.join(', ')}`);
  for (const [name, fragment] of HEAVY) {
    assert.equal(matching(imported!, fragment), [], `${name} was loaded`);
    assert.equal(matching(modules, fragment), [], `${name} is in a file the import loaded`);
  }
});

bundled("the bundle's generator, with its worker threads, writes a snapshot the bundle then serves", () => {
  const { dir, remove } = tempDir();
  try {
    const { generated } = loadedIn(
      `
      const { generateSnapshot, createMockServer } = await import(entry);
      const out = ${JSON.stringify(join(dir, 'small.sqlite'))};
      const summary = await generateSnapshot({ seed: 3, pools: 40, tokens: 12, out, workerThreshold: 0 });
      if (summary.pools !== 40) throw new Error('generated ' + summary.pools + ' pools');
      const server = await createMockServer({ snapshot: out, port: 0 });
      const page = await fetch(server.url + '/pools?size=3').then((r) => r.json());
      // The landing page's files lie at a path relative to the code that serves them, bundled or not.
      const landing = await fetch(new URL('/', server.url));
      const html = await landing.text();
      await server.close();
      if (page.data.length !== 3) throw new Error('served ' + JSON.stringify(page).slice(0, 200));
      if (landing.status !== 200 || !html.includes('<html')) throw new Error('landing ' + landing.status);
      mark('generated');`,
      BUNDLED,
    );
    assert.ok(matching(generated!, /@faker-js\/faker/).length > 0, 'faker loaded for the generator');
    assert.ok(matching(generated!, /dist\/bundle\/generate-snapshot-[0-9A-Z]+\.js$/).length === 1);
    const compiled = generated!.filter((url) => url.startsWith(DIST_URL) && !url.startsWith(`${DIST_URL}bundle/`));
    assert.equal(compiled, [], 'the bundle reached for a compiled module');
  } finally {
    remove();
  }
});

entry.run();
bundled.run();
