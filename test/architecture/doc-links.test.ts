import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorsOf, brokenLinks, markdownFilesUnder, relativeLinksOf, slugOf } from '../helpers/markdown-links.js';

/**
 * The docs' own links: every relative link of the repository's markdown leads to a file and a heading, and the
 * package's file list (package.json `files`) ships whatever a shipped doc links to. test/package checks the
 * same in the package as installed; this runs with `npm test`, from `npm pack --dry-run`'s list.
 */
const links = suite('doc links: every relative link of the markdown leads to a file and a heading, shipped too');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

links('headings become the anchors GitHub gives them (a table of cases)', () => {
  const cases: [string, string][] = [
    ["9. The live API's dialect: `--wire upstream`", '9-the-live-apis-dialect---wire-upstream'],
    ['1.2 Health', '12-health'],
    ['8.1 The landing page', '81-the-landing-page'],
    ['A [linked](x.md) word, _kept_', 'a-linked-word-_kept_'],
    ['Q64.64 `sqrtPrice` (bit-exact)', 'q6464-sqrtprice-bit-exact'],
  ];
  for (const [heading, slug] of cases) assert.is(slugOf(heading), slug, heading);
  const markdown = '# Top\n## Recipes\n```sh\n# not a heading\n```\n## Recipes\n### 2. Faults ###\n';
  assert.equal([...anchorsOf(markdown)], ['top', 'recipes', 'recipes-1', '2-faults']);
});

links('links are read outside code, relative ones only, with their lines (a table of cases)', () => {
  const cases: [string, { target: string; line: number }[]][] = [
    ['see [api](docs/api.md#2-errors).', [{ target: 'docs/api.md#2-errors', line: 1 }]],
    ['[web](https://example.com) and <http://x.test>', []],
    ['a\n[`mock.chaos`](guide/a.md "title")', [{ target: 'guide/a.md', line: 2 }]],
    ['`[not](a-link.md)` and\n```md\n[nor](this.md)\n```\n[own](#3-faults)', [{ target: '#3-faults', line: 5 }]],
  ];
  for (const [markdown, expected] of cases) assert.equal(relativeLinksOf(markdown), expected, markdown);
});

links("every relative link of the repository's markdown resolves to a file and, where it names one, a heading", () => {
  const files = markdownFilesUnder(ROOT);
  for (const doc of ['README.md', 'ARCHITECTURE.md', 'docs/api.md']) assert.ok(files.includes(doc), doc);
  const { checked, broken } = brokenLinks(ROOT, files);
  assert.ok(checked > 150, `only ${checked} links found: the reader is broken`);
  assert.equal(broken, []);
});

links('the packed file list holds every file a packed markdown file links to', () => {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as [{ files: { path: string }[] }];
  const packed = pack.files.map((file) => file.path);
  const present = (path: string): boolean => packed.some((file) => file === path || file.startsWith(`${path}/`));
  const docs = packed.filter((file) => file.endsWith('.md'));
  for (const doc of ['README.md', 'ARCHITECTURE.md', 'docs/api.md', 'docs/market-file.md']) {
    assert.ok(docs.includes(doc), `${doc} is not packed: ${docs.join(', ')}`);
  }
  const { checked, broken } = brokenLinks(ROOT, docs, present);
  assert.ok(checked > 150, `only ${checked} links found: the reader is broken`);
  assert.equal(broken, []);
});

links.run();
