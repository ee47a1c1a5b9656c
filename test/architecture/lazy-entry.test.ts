import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// What importing the package's main entry loads, read from the loader itself in a fresh node process
// (a module hook that writes down every URL it loads), not from a timing: serving code only; the
// generator (and faker), the recorder, the exporter, verification, the OpenAPI builder and TypeBox
// load when a function that needs them is first called (docs/performance.md §8).
const entry = suite('the main entry loads only what serving needs');
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** A module hook that appends each URL it loads to the file named in its data. */
const HOOKS = `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function load(url, context, next) { appendFileSync(file, url + '\\n'); return next(url, context); }
`)}`;

/**
 * Runs `script` (an ES module body, with `file` and `entry` defined) in a fresh node; returns the URLs
 * loaded at each mark.
 */
function loadedIn(script: string): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'clmm-lazy-'));
  const file = join(dir, 'loaded.txt');
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { register, createRequire } from 'node:module';
         import { readFileSync, writeFileSync } from 'node:fs';
         const file = ${JSON.stringify(file)};
         const entry = ${JSON.stringify(pathToFileURL(join(DIST, 'index.js')).href)};
         writeFileSync(file, '');
         register(${JSON.stringify(HOOKS)}, { data: { file } });
         const marks = {};
         const mark = (name) => (marks[name] = [
           ...readFileSync(file, 'utf8').split('\\n').filter(Boolean),
           ...Object.keys(createRequire(entry).cache),
         ]);
         ${script}
         process.stdout.write(JSON.stringify(marks));`,
      ],
      { encoding: 'utf8' },
    );
    return JSON.parse(output) as Record<string, string[]>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Modules of the package (under dist/) or of a dependency, by a path fragment. */
const matching = (urls: readonly string[], fragment: RegExp): string[] => urls.filter((url) => fragment.test(url));

const HEAVY: readonly [string, RegExp][] = [
  ['faker', /@faker-js\/faker/],
  ['TypeBox', /@sinclair\/typebox/],
  ['decimal.js', /node_modules\/decimal\.js/],
  ['yargs', /node_modules\/yargs/],
  ['the generator', /dist\/generator\/(?!defaults\.js)/],
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

entry.run();
