import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// A cheap structural check instead of a timing test: what serving can reach never computes domain
// values (the snapshot holds them) and never pages with OFFSET (lists are keyset walks).
const hotPath = suite('the request path does no domain math and no OFFSET scan');
const SRC = resolve(fileURLToPath(import.meta.url), '../../../src');
const ENTRY = resolve(SRC, 'http/create-mock-server.ts');

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    // Type-only imports and re-exports are erased when compiled: they load nothing a request could run. A value
    // re-export (`export { a } from`) loads its module as an import does.
    const source = readFileSync(file, 'utf8');
    const imports = source.matchAll(/^import(?! type )[^'"]*['"](\.[^'"]+)['"]/gm);
    const reexports = source.matchAll(/^export(?! type )\s*(?:\*|\{[^}]*\})\s*from\s*['"](\.[^'"]+)['"]/gm);
    for (const [, spec] of [...imports, ...reexports]) {
      visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return seen;
}

hotPath('modules reachable from createMockServer', () => {
  const files = [...reachable(ENTRY)].map((f) => f.slice(SRC.length + 1)).sort();
  assert.ok(files.includes('api/listings.ts') && files.includes('snapshot/served/pool-bodies.ts'), files.join(', '));
  // The market that moves is served from (moves/moving-market.ts), but its state and domain math load on its first
  // change: of its rooms, only the pace its work is sliced by (state/pace.ts) is on the path.
  assert.ok(files.includes('moves/moving-market.ts'), files.join(', '));
  assert.equal(
    files.filter((f) => /^moves\/(motion|pool|state)\//.test(f)),
    ['moves/state/pace.ts'],
  );
  // A server reads a snapshot and never writes one: the writer and the rows it lays out stay unloaded.
  assert.ok(files.includes('snapshot/format/stored-records.ts'), files.join(', '));
  assert.equal(
    files.filter((f) => f.startsWith('snapshot/format/write/')),
    [],
  );
  const domainMath = ['math/tick-math.ts', 'math/token-amounts.ts', 'math/price.ts', 'math/adaptive-fee.ts'];
  assert.equal(
    files.filter((f) => domainMath.includes(f) || f.startsWith('generator/')),
    [],
  );
  for (const file of files) {
    // SQL is written in upper case here; lower-case "offset" is SVG or JS, not a query.
    assert.not.match(readFileSync(resolve(SRC, file), 'utf8'), /\bOFFSET\b/, `${file} uses OFFSET`);
  }
});

hotPath.run();
