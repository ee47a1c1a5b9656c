import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApi } from '../../src/openapi/build-openapi.js';
import { tempDir } from '../helpers/snapshots.js';

// A client written against types generated from the document: good code compiles, and a misused
// field does not, so the document carries the real types (strings stay strings, enums stay enums).

// A backslash at the end of a line of the template continues that line: the file gets it whole.
const CLIENT = `
import type { components, paths } from './clmm-api';

type PoolsPage = paths['/pools']['get']['responses'][200]['content']['application/json'];
type PoolsQuery = NonNullable<paths['/pools']['get']['parameters']['query']>;
type PoolDetail = paths['/pools/{address}']['get']['responses'][200]['content']['application/json']['data'];
type Locks = paths['/lock/{address}']['get']['responses'][200]['content']['application/json'];
type Supply = paths['/protocol/token/total_supply']['get']['responses'][200]['content']['application/json']['data'];
type ErrorBody = components['schemas']['ErrorBody'];

export const query: PoolsQuery = { sortBy: 'volume24h', sortDirection: 'desc', size: 10, hasRewards: true, \
stats: '24h,7d', after: undefined };

export function summarize(page: PoolsPage): string[] {
  return page.data.map((pool) => {
    const volume: string | undefined = pool.stats['24h']?.volume;
    const kind: 'whirlpool' | 'splashpool' | 'launchpool' = pool.poolType;
    const decimals: number = pool.tokenA.decimals;
    return \`\${pool.tokenA.symbol ?? '?'}-\${pool.tokenB.symbol ?? '?'} \${kind} \${decimals} tvl \${pool.tvlUsdc} \
vol \${volume ?? '-'} next \${page.meta.next ?? 'none'}\`;
  });
}
export const currentRate = (detail: PoolDetail): number | null => \
(detail.adaptiveFee === null ? null : detail.adaptiveFee.currentRate);
export const lockedTotal = (locks: Locks): number => \
locks.reduce((sum, entry) => sum + Number(entry.lockedPercentage), 0);
export const total = (supply: Supply): string => supply.total_supply;
export const describe = (error: ErrorBody): string => \
\`\${error.status} \${error.code} \${error.parameter ?? ''} \${error.retryAfter ?? ''}\`;
`;

const MISUSES: Record<string, string> = {
  'a number method on a decimal string': `(page.data[0]!.tvlUsdc).toFixed(2);`,
  'a field the pool does not have': `page.data[0]!.tvl;`,
  'a sortBy value the API does not take': `const q: PoolsQuery = { sortBy: 'volume1y' }; void q;`,
  'a nullable symbol used as a string': `page.data[0]!.tokenA.symbol.toUpperCase();`,
  'a list endpoint read as one object': `page.data.address;`,
};

function diagnostics(dir: string, file: string): readonly ts.Diagnostic[] {
  const program = ts.createProgram([join(dir, file)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program);
}

const text = (list: readonly ts.Diagnostic[]): string =>
  list.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');

const typed = suite('Typed client: openapi-typescript types from the document');
const dir = tempDir();
typed.after(() => dir.remove());

typed.before(async () => {
  const types = astToString(
    await openapiTS(JSON.parse(JSON.stringify(buildOpenApi())) as Parameters<typeof openapiTS>[0], { silent: true }),
  );
  writeFileSync(join(dir.dir, 'clmm-api.d.ts'), types);
  writeFileSync(join(dir.dir, 'client.ts'), CLIENT);
});

typed('a client using paths[...] responses, parameters and components compiles with 0 diagnostics', () => {
  const found = diagnostics(dir.dir, 'client.ts');
  assert.is(found.length, 0, text(found));
});

for (const [what, line] of Object.entries(MISUSES)) {
  typed(`${what} does not compile`, () => {
    const file = `misuse-${what.replace(/\W+/g, '-')}.ts`;
    const misuse = CLIENT.replace(
      'export const query',
      'declare const page: PoolsPage;\n' + line + '\nexport const query',
    );
    writeFileSync(join(dir.dir, file), misuse);
    const found = diagnostics(dir.dir, file);
    assert.ok(found.length > 0, `${what}: compiled, but should not`);
    assert.ok(
      found.every((d) => d.file?.fileName.endsWith(file)),
      text(found),
    );
  });
}

typed.run();
