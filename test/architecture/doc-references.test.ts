import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/** Comments cite the project's own docs by file and section; every citation must lead somewhere. */
const references = suite('docs references: every citation in src/ and test/ resolves inside the repository');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|js|html|css)$/.test(name) ? [path] : [];
  });
}

/**
 * The citations in a text: `docs/api.md §5.2, §5.3` gives two, one per section; a bare `docs/api.md`
 * gives one with no section.
 */
function citations(text: string): [string, string | null][] {
  const found: [string, string | null][] = [];
  for (const match of text.matchAll(/(docs\/[a-z-]+\.md)((?:,? §\d+(?:\.\d+)?)*)/g)) {
    const sections = [...match[2]!.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1]!);
    if (sections.length === 0) found.push([match[1]!, null]);
    for (const section of sections) found.push([match[1]!, section]);
  }
  return found;
}

/** Section numbers a markdown file's headings define: `## 5. Response fields` → 5, `### 5.2 Pool` → 5.2. */
function sectionsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!));
}

references('citations are read with their sections (a table of cases)', () => {
  const cases: [string, [string, string | null][]][] = [
    [
      'see docs/api.md §5.2, §5.3 for',
      [
        ['docs/api.md', '5.2'],
        ['docs/api.md', '5.3'],
      ],
    ],
    ['(docs/admin-and-chaos.md §2)', [['docs/admin-and-chaos.md', '2']]],
    ['docs/performance.md explains', [['docs/performance.md', null]]],
    ['nothing here', []],
  ];
  for (const [text, expected] of cases) assert.equal(citations(text), expected, text);
  assert.equal([...sectionsOf('# T\n## 1. A\n### 1.2 B\n## 10. C\n')], ['1', '1.2', '10']);
});

references('every docs/ file and section cited in src/ and test/ exists', () => {
  const missing: string[] = [];
  let count = 0;
  for (const file of [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'test'))]) {
    if (file.endsWith('doc-references.test.ts')) continue;
    for (const [doc, section] of citations(readFileSync(file, 'utf8'))) {
      count++;
      const path = join(ROOT, doc);
      if (!existsSync(path)) missing.push(`${relative(ROOT, file)}: ${doc} does not exist`);
      else if (section !== null && !sectionsOf(readFileSync(path, 'utf8')).has(section)) {
        missing.push(`${relative(ROOT, file)}: ${doc} has no §${section}`);
      }
    }
  }
  assert.ok(count > 50, `only ${count} citations found: the reader is broken`);
  assert.equal(missing, []);
});

references('nothing cites a document outside the repository; only tests read the live captures beside it', () => {
  // The captured live bodies (../shared/upstream) are compared against when present, as in CI; the
  // spec documents are never cited, and the source never reaches outside.
  const specs = /api-v2\.md|decisions\.md|upstream-shape\.md/;
  const files = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'test'))].filter(
    (file) => !file.endsWith('doc-references.test.ts'),
  );
  const offenders = files
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      const inSource = relative(ROOT, file).startsWith('src');
      return specs.test(text) || (inSource && text.includes('../shared/'));
    })
    .map((file) => relative(ROOT, file));
  assert.equal(offenders, []);
});

references.run();
