import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// Conventions of the tree that no compiler checks: lines fit the formatter's width (Prettier wraps
// code, but not comments and string literals), a file name says which file it is, and names are
// kebab-case. Each check is a pure function, shown to bite on a synthetic table, then applied to
// the real src/ and test/.
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** Prettier's print width (package.json), the limit for every line, comments and strings included. */
const MAX_LINE: number = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).prettier.printWidth;

/** The files whose lines are checked: source, styles and pages. */
const TEXT_FILE = /\.(ts|js|css|html)$/;

/** Every file under `dir` (relative to the repository, with `/`), skipping hidden folders such as test/.artifacts. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((segment) => segment.startsWith('.')))
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Lines no longer than the print width.

/** `file:line (length)` of every line over `max` characters (code points; a CR before the LF is not counted). */
function longLines(files: ReadonlyMap<string, string>, max: number): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    text.split('\n').forEach((line, index) => {
      const length = [...line.replace(/\r$/, '')].length;
      if (length > max) found.push(`${file}:${index + 1} (${length} characters)`);
    });
  }
  return found;
}

const lines = suite('conventions: no line over the print width in src/ and test/');

lines('longLines flags exactly the lines over the limit, by file and line number', () => {
  const table = new Map([
    ['fits.ts', `${'x'.repeat(120)}\n${'y'.repeat(120)}\n`],
    ['one-over.ts', `short\n${'x'.repeat(121)}\nshort`],
    ['last-line.js', `ok\n// ${'z'.repeat(130)}`],
    ['wide-characters.ts', `${'—'.repeat(120)}\n${'§'.repeat(121)}`],
    ['crlf.css', `${'a'.repeat(120)}\r\n${'b'.repeat(120)}\r\n`],
    ['empty.html', ''],
  ]);
  assert.equal(longLines(table, 120), [
    'one-over.ts:2 (121 characters)',
    'last-line.js:2 (133 characters)',
    'wide-characters.ts:2 (121 characters)',
  ]);
  assert.equal(longLines(new Map([['a.ts', 'x'.repeat(81)]]), 80), ['a.ts:1 (81 characters)']);
});

lines('every .ts, .js, .css and .html file under src/ and test/ keeps its lines within the print width', () => {
  assert.is(MAX_LINE, 120, 'package.json sets Prettier printWidth 120');
  const files = [...filesUnder('src'), ...filesUnder('test')].filter((path) => TEXT_FILE.test(path));
  assert.ok(files.includes('src/index.ts') && files.includes('test/architecture/conventions.test.ts'), 'nothing read');
  const found = longLines(new Map(files.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')])), MAX_LINE);
  if (found.length > 0) {
    assert.unreachable(`${found.length} lines over ${MAX_LINE} characters:\n      ${found.join('\n      ')}`);
  }
});

lines.run();

// ---------------------------------------------------------------------------------------------
// One file per name under src/.

/** Each file name used by more than one path: `name: path, path`. */
function duplicateNames(paths: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return [...byName]
    .filter(([, holders]) => holders.length > 1)
    .map(([name, holders]) => `${name}: ${[...holders].sort().join(', ')}`)
    .sort();
}

const names = suite('conventions: no file name is used twice under src/');

names('duplicateNames flags a name held by two folders, index files included', () => {
  assert.equal(
    duplicateNames(['snapshot/sort-orders.ts', 'api/page.ts', 'generator/sort-orders.ts', 'snapshot/verify/page.ts']),
    [
      'page.ts: api/page.ts, snapshot/verify/page.ts',
      'sort-orders.ts: generator/sort-orders.ts, snapshot/sort-orders.ts',
    ],
  );
  assert.equal(duplicateNames(['index.ts', 'api/index.ts']), ['index.ts: api/index.ts, index.ts']);
  // A name is the whole file name: the same stem with another extension, or a folder of that name, is another.
  assert.equal(duplicateNames(['static/app.js', 'cli/app.ts', 'verify.ts', 'verify/orders.ts']), []);
  assert.equal(duplicateNames([]), []);
});

names('every file under src/ has a name of its own', () => {
  const files = filesUnder('src');
  assert.ok(files.includes('src/index.ts'), 'nothing read');
  const found = duplicateNames(files);
  if (found.length > 0) {
    assert.unreachable(`${found.length} file names used more than once:\n      ${found.join('\n      ')}`);
  }
});

names.run();

// ---------------------------------------------------------------------------------------------
// Kebab-case names under src/.

/** Lower-case words of letters and digits joined by single hyphens, then one or more extensions. */
// A room's README.md (how to change it safely) is named as READMEs are everywhere.
const KEBAB_FILE = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)+|README\.md)$/;
const KEBAB_FOLDER = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Each path with a file or folder name that is not kebab-case: `path (name)`. */
function notKebabCase(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const segments = path.split('/');
    const file = segments.pop()!;
    const bad = [...segments.filter((folder) => !KEBAB_FOLDER.test(folder)), ...(KEBAB_FILE.test(file) ? [] : [file])];
    return bad.length > 0 ? [`${path} (${bad.join(', ')})`] : [];
  });
}

const kebab = suite('conventions: file and folder names under src/ are kebab-case');

kebab('notKebabCase accepts lower-case hyphenated words and flags every other shape', () => {
  const good = [
    'index.ts',
    'api/listings.ts',
    'snapshot/served/fnv1a.ts',
    'static/index.html',
    'api/schemas/error-schema.ts',
    'snapshot/verify/verify-snapshot.ts',
    'types/api-types.d.ts',
    'http/404.html',
    'snapshot/render/README.md',
  ];
  assert.equal(notKebabCase(good), []);
  const bad: [string, string][] = [
    ['api/listPools.ts', 'api/listPools.ts (listPools.ts)'],
    ['api/ListPools.ts', 'api/ListPools.ts (ListPools.ts)'],
    ['api/list_pools.ts', 'api/list_pools.ts (list_pools.ts)'],
    ['api/list--pools.ts', 'api/list--pools.ts (list--pools.ts)'],
    ['api/-list.ts', 'api/-list.ts (-list.ts)'],
    ['api/list-.ts', 'api/list-.ts (list-.ts)'],
    ['api/list pools.ts', 'api/list pools.ts (list pools.ts)'],
    ['api/list-pools.TS', 'api/list-pools.TS (list-pools.TS)'],
    ['api/list-pools', 'api/list-pools (list-pools)'],
    ['api/list-pools..ts', 'api/list-pools..ts (list-pools..ts)'],
    ['Api/list.ts', 'Api/list.ts (Api)'],
    ['api_v2/page.ts', 'api_v2/page.ts (api_v2)'],
    ['my.folder/page.ts', 'my.folder/page.ts (my.folder)'],
    ['Snapshot/sortOrders.ts', 'Snapshot/sortOrders.ts (Snapshot, sortOrders.ts)'],
    ['snapshot/render/Readme.md', 'snapshot/render/Readme.md (Readme.md)'],
    ['snapshot/render/README.txt', 'snapshot/render/README.txt (README.txt)'],
  ];
  for (const [path, expected] of bad) assert.equal(notKebabCase([path]), [expected], path);
});

kebab('every file and folder under src/ is named in kebab-case', () => {
  const files = filesUnder('src').map((path) => path.slice('src/'.length));
  assert.ok(files.includes('index.ts'), 'nothing read');
  const found = notKebabCase(files);
  if (found.length > 0) assert.unreachable(`${found.length} names not in kebab-case:\n      ${found.join('\n      ')}`);
});

kebab.run();
