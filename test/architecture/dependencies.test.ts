import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// The folders under src/ are layers: what a folder may import says what it may know. Each rule below
// names folders that must not import others; a broken rule lists every offending file → import. The
// rooms of src/snapshot are layers of their own, held by a second table (SNAPSHOT_RULES).
const deps = suite('folders under src/ import only downwards');
const SRC = resolve(fileURLToPath(import.meta.url), '../../../src');

/** Some folders, or every folder but some. */
type Folders = readonly string[] | { allBut: readonly string[] };

interface Rule {
  name: string;
  /** The importing folders. */
  from: Folders;
  /** The folders they must not import. */
  forbidden: Folders;
}

const RULES: readonly Rule[] = [
  { name: 'math imports nothing outside math', from: ['math'], forbidden: { allBut: ['math'] } },
  {
    name: 'snapshot knows no producer, no API and no server',
    from: ['snapshot'],
    forbidden: ['generator', 'record', 'moves', 'api', 'http', 'chaos', 'export', 'openapi', 'bench', 'cli'],
  },
  {
    name: 'generator knows neither the API nor the recorder',
    from: ['generator'],
    forbidden: ['api', 'http', 'record', 'moves', 'export', 'openapi', 'cli'],
  },
  {
    name: 'market knows no producer, no API and no server',
    from: ['market'],
    forbidden: ['generator', 'record', 'moves', 'api', 'http', 'chaos', 'export', 'openapi', 'bench', 'cli'],
  },
  {
    name: 'chaos knows neither the data nor the API',
    from: ['chaos'],
    forbidden: ['api', 'snapshot', 'moves', 'store'],
  },
  {
    name: 'openapi, record and export do without the server',
    from: ['openapi', 'record', 'export'],
    forbidden: ['http'],
  },
  { name: 'nothing imports cli', from: { allBut: ['cli'] }, forbidden: ['cli'] },
  {
    name: 'moves, the market that moves, knows neither the API nor the server',
    from: ['moves'],
    forbidden: ['api', 'http', 'record', 'chaos', 'export', 'openapi', 'bench', 'cli'],
  },
  {
    name: 'json, the strict JSON reader, imports nothing outside json',
    from: ['json'],
    forbidden: { allBut: ['json'] },
  },
];

/**
 * The rooms of src/snapshot, by what they hold: `format` the records, the encoders of served JSON and the
 * texts a pool is stored as, the schema and how a snapshot is written (`format/write`), `served` opening a
 * snapshot and answering from it (`served/moved` a market's later versions), `verify` what
 * `inspect --verify` runs. Read with roomOf, so they name `snapshot/<room>` beside the top-level folders.
 */
const SNAPSHOT_RULES: readonly Rule[] = [
  {
    name: 'snapshot/format imports nothing else of snapshot',
    from: ['snapshot/format'],
    forbidden: ['snapshot/served', 'snapshot/verify'],
  },
  {
    name: 'snapshot/served imports nothing of snapshot/verify',
    from: ['snapshot/served'],
    forbidden: ['snapshot/verify'],
  },
  {
    name: 'only cli loads snapshot/verify',
    from: { allBut: ['cli', 'snapshot/verify'] },
    forbidden: ['snapshot/verify'],
  },
];

const matches = (folder: string, set: Folders): boolean =>
  'allBut' in set ? !set.allBut.includes(folder) : set.includes(folder);

/** The top-level folder of a path relative to src/: a file directly in src/ is its own (`index.ts` → `index`). */
function folderOf(path: string): string {
  const [first = '', ...rest] = path.split('/');
  return rest.length > 0 ? first : first.replace(/\.[cm]?[jt]s$/, '');
}

/** folderOf, but a file in a room of src/snapshot is in `snapshot/<room>` (`snapshot/served/moved/a.ts` too). */
function roomOf(path: string): string {
  const [first, room, ...rest] = path.split('/');
  return first === 'snapshot' && room !== undefined && rest.length > 0 ? `snapshot/${room}` : folderOf(path);
}

interface Violation {
  rule: string;
  file: string;
  target: string;
}

/**
 * Each import that breaks a rule (paths relative to src/), places read by `placeOf`: a folder, a room, or null for a
 * path outside the rooms a table of rules is about (roomIn).
 */
function violations(
  importsByFile: ReadonlyMap<string, readonly string[]>,
  rules: readonly Rule[],
  placeOf: (path: string) => string | null = folderOf,
): Violation[] {
  const found: Violation[] = [];
  for (const [file, imports] of importsByFile) {
    const from = placeOf(file);
    if (from === null) continue;
    for (const target of imports) {
      const to = placeOf(target);
      if (to === null || to === from) continue;
      for (const rule of rules) {
        if (matches(from, rule.from) && matches(to, rule.forbidden)) found.push({ rule: rule.name, file, target });
      }
    }
  }
  return found;
}

/**
 * The relative specifiers of a module: static imports, `export … from` and `import('…')`. TypeScript's
 * own scanner reads them, so imports quoted in comments or strings are not taken for real ones.
 */
function relativeImports(source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'));
}

/** Every .ts file under src/ with its relative imports resolved to paths relative to src/ (`..` when outside it). */
function importsUnderSrc(): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!entry.endsWith('.ts')) continue;
    const file = entry.split(sep).join('/');
    const specifiers = relativeImports(readFileSync(join(SRC, file), 'utf8'));
    const toSrc = (specifier: string): string =>
      relative(SRC, resolve(SRC, dirname(file), specifier.replace(/\.js$/, '.ts')))
        .split(sep)
        .join('/');
    table.set(file, specifiers.map(toSrc));
  }
  return table;
}

const REAL = importsUnderSrc();

/**
 * The import cycles of a table of imports, each as the files a depth-first walk meets on it, in import
 * order, its first file again at the end; every cycle's files are in at least one of them. Imports of
 * files outside the table (`..`) lead nowhere. Type-only and dynamic imports are edges like any other:
 * erased or deferred, they still say that a file cannot be read, or changed, without the other, and
 * files that need each other are one module in two pieces.
 */
function importCycles(importsByFile: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (file: string): void => {
    path.push(file);
    for (const target of importsByFile.get(file) ?? []) {
      const at = path.indexOf(target);
      if (at >= 0) cycles.push([...path.slice(at), target]);
      else if (!done.has(target) && importsByFile.has(target)) walk(target);
    }
    path.pop();
    done.add(file);
  };
  for (const file of importsByFile.keys()) if (!done.has(file)) walk(file);
  return cycles;
}

/** A test per rule of `rules`, over every import under src/: each lists every offending file → import. */
function ruleTests(rules: readonly Rule[], placeOf: (path: string) => string | null): void {
  for (const rule of rules) {
    deps(rule.name, () => {
      const found = violations(REAL, [rule], placeOf).map(({ file, target }) => `src/${file} → src/${target}`);
      if (found.length > 0) assert.unreachable(`${found.length} forbidden imports:\n      ${found.join('\n      ')}`);
    });
  }
}

/** That `rules` flag each of `flagged` (file, import, the one rule it breaks) and none of `allowed`. */
function assertBites(
  rules: readonly Rule[],
  placeOf: (path: string) => string | null,
  flagged: readonly [string, string, string][],
  allowed: readonly [string, string][],
): void {
  for (const [file, target, rule] of flagged) {
    assert.equal(
      violations(new Map([[file, [target]]]), rules, placeOf),
      [{ rule, file, target }],
      `${file} → ${target}`,
    );
  }
  for (const [file, target] of allowed) {
    assert.equal(violations(new Map([[file, [target]]]), rules, placeOf), [], `${file} → ${target}`);
  }
}

/** The files under src/ in a room of `placeOf`'s folder that `rooms` does not name. */
function strays(placeOf: (path: string) => string | null, rooms: readonly string[]): string[] {
  return [...REAL.keys()].filter((file) => {
    const room = placeOf(file);
    return room !== null && !rooms.includes(room);
  });
}

ruleTests(RULES, folderOf);
ruleTests(SNAPSHOT_RULES, roomOf);

deps('every room of src/snapshot is named by the rules, and holds files', () => {
  const rooms = new Set([...REAL.keys()].filter((file) => file.startsWith('snapshot/')).map(roomOf));
  const named = new Set(
    SNAPSHOT_RULES.flatMap(({ from, forbidden }) =>
      [from, forbidden].flatMap((set) => ('allBut' in set ? set.allBut : set)),
    ),
  );
  assert.equal([...rooms].sort(), [...named].filter((room) => room.startsWith('snapshot/')).sort());
});

deps('no import cycles anywhere under src/, type-only imports included', () => {
  const cycles = importCycles(REAL).map((cycle) => cycle.map((file) => `src/${file}`).join(' → '));
  if (cycles.length > 0) assert.unreachable(`${cycles.length} import cycles:\n      ${cycles.join('\n      ')}`);
});

deps('the cycle check bites: synthetic tables of imports', () => {
  const table = (entries: Record<string, string[]>): Map<string, string[]> => new Map(Object.entries(entries));
  assert.equal(importCycles(table({ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] })), [['a.ts', 'b.ts', 'a.ts']]);
  assert.equal(importCycles(table({ 'a.ts': ['a.ts'] })), [['a.ts', 'a.ts']]);
  const three = table({ 'x/p.ts': ['x/q.ts', 'm.ts'], 'x/q.ts': ['y/r.ts'], 'y/r.ts': ['x/p.ts'], 'm.ts': [] });
  assert.equal(importCycles(three), [['x/p.ts', 'x/q.ts', 'y/r.ts', 'x/p.ts']]);
  // A diamond, and an import of a file outside src/, are no cycle.
  const diamond = table({
    'a.ts': ['b.ts', 'c.ts'],
    'b.ts': ['d.ts'],
    'c.ts': ['d.ts', '../package.json'],
    'd.ts': [],
  });
  assert.equal(importCycles(diamond), []);
  // A cycle met from the middle is still found, whichever file the walk starts from.
  assert.equal(importCycles(table({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['b.ts'] })), [
    ['b.ts', 'c.ts', 'b.ts'],
  ]);
});

deps('the rules bite: a synthetic table of imports, and the reading of specifiers', () => {
  const flagged: [string, string, string][] = [
    ['math/tick-math.ts', 'generator/random.ts', RULES[0]!.name],
    ['math/price.ts', 'index.ts', RULES[0]!.name],
    ['snapshot/format/schema.ts', 'generator/tokens.ts', RULES[1]!.name],
    ['snapshot/verify/orders.ts', 'api/cursor.ts', RULES[1]!.name],
    ['generator/tokens.ts', 'api/cursor.ts', RULES[2]!.name],
    ['generator/tokens.ts', 'record/crawl.ts', RULES[2]!.name],
    ['market/market-report.ts', 'generator/tokens.ts', RULES[3]!.name],
    ['chaos/overrides.ts', 'api/listing-request.ts', RULES[4]!.name],
    ['chaos/journal.ts', 'store/fnv1a.ts', RULES[4]!.name],
    ['openapi/responses.ts', 'http/cors.ts', RULES[5]!.name],
    ['record/crawl.ts', 'http/api-types.ts', RULES[5]!.name],
    ['export/export-snapshot.ts', 'http/routes.ts', RULES[5]!.name],
    ['index.ts', 'cli/main.ts', RULES[6]!.name],
    ['http/send.ts', 'cli/fail.ts', RULES[6]!.name],
    ['moves/state/market-state.ts', 'http/send.ts', RULES[7]!.name],
    ['moves/moving-market.ts', 'api/routes.ts', RULES[7]!.name],
    ['json/strict-json.ts', 'errors/api-error.ts', RULES[8]!.name],
    ['snapshot/served/moved/moved-snapshot.ts', 'moves/state/market-state.ts', RULES[1]!.name],
  ];
  const allowed: [string, string][] = [
    ['math/price.ts', 'math/decimal.ts'],
    ['moves/state/market-state.ts', 'generator/random.ts'],
    ['http/create-mock-server.ts', 'moves/moving-market.ts'],
    ['snapshot/format/schema.ts', 'math/periods.ts'],
    ['generator/tokens.ts', 'snapshot/format/schema.ts'],
    ['generator/tokens.ts', 'market/well-known-tokens.ts'],
    ['market/market-report.ts', 'snapshot/served/stored-orders.ts'],
    ['chaos/chaos-middleware.ts', 'errors/api-error.ts'],
    ['http/send.ts', 'chaos/chaos-middleware.ts'],
    ['openapi/responses.ts', 'api/route-doc.ts'],
    ['cli/main.ts', 'cli/fail.ts'],
    ['index.ts', 'http/create-mock-server.ts'],
    ['http/read-body.ts', 'json/strict-json.ts'],
    ['generator/declared/declared-market.ts', 'json/strict-json.ts'],
  ];
  assertBites(RULES, folderOf, flagged, allowed);
  // The rooms of src/snapshot: each import with every rule it breaks (a room's own imports and the
  // top-level folders' break none of them).
  const S = SNAPSHOT_RULES.map((rule) => rule.name);
  const rooms: [string, string, string[]][] = [
    ['snapshot/format/wire.ts', 'snapshot/served/served-snapshot.ts', [S[0]!]],
    ['snapshot/format/stored-records.ts', 'snapshot/served/served-snapshot.ts', [S[0]!]],
    ['snapshot/format/write/pool-row-batch.ts', 'snapshot/verify/pool-rows.ts', [S[0]!, S[2]!]],
    ['snapshot/served/open-snapshot.ts', 'snapshot/verify/verify-snapshot.ts', [S[1]!, S[2]!]],
    ['snapshot/served/moved/moved-snapshot.ts', 'snapshot/verify/violations.ts', [S[1]!, S[2]!]],
    ['index.ts', 'snapshot/verify/verify-snapshot.ts', [S[2]!]],
  ];
  const fine: [string, string][] = [
    ['snapshot/format/write/snapshot-writer.ts', 'snapshot/format/pool-texts.ts'],
    ['snapshot/served/pool-bodies.ts', 'snapshot/format/pool-texts.ts'],
    ['snapshot/served/moved/moved-snapshot.ts', 'snapshot/format/pool-texts.ts'],
    ['snapshot/served/open-served-snapshot.ts', 'snapshot/served/moved/moved-snapshot.ts'],
    ['snapshot/verify/pool-rows.ts', 'snapshot/format/pool-texts.ts'],
    ['snapshot/verify/verify-snapshot.ts', 'snapshot/served/open-snapshot.ts'],
    ['cli/inspect-command.ts', 'snapshot/verify/verify-snapshot.ts'],
    ['generator/write-pools.ts', 'snapshot/format/write/snapshot-writer.ts'],
    ['http/create-mock-server.ts', 'snapshot/served/open-served-snapshot.ts'],
    ['api/route-data.ts', 'snapshot/format/wire.ts'],
    ['math/price.ts', 'math/decimal.ts'],
  ];
  for (const [file, target, broken] of rooms) {
    const found = violations(new Map([[file, [target]]]), SNAPSHOT_RULES, roomOf);
    assert.equal(
      found,
      broken.map((rule) => ({ rule, file, target })),
      `${file} → ${target}`,
    );
  }
  for (const [file, target] of fine) {
    assert.equal(violations(new Map([[file, [target]]]), SNAPSHOT_RULES, roomOf), [], `${file} → ${target}`);
  }
  assert.is(roomOf('snapshot/served/moved/moved-snapshot.ts'), 'snapshot/served');
  assert.is(roomOf('snapshot/format/write/snapshot-writer.ts'), 'snapshot/format');
  assert.is(roomOf('api/listings.ts'), 'api');
  assert.is(roomOf('index.ts'), 'index');
  const source = [
    "import { a } from './a.js';",
    "import type { B } from '../api/b.js';",
    "export * from '../c/c.js';",
    "// import { x } from '../cli/commented.js';",
    'const s = "from \'../cli/in-a-string.js\'";',
    "const d = await import('../cli/main.js');",
    "import { readFileSync } from 'node:fs';",
  ].join('\n');
  assert.equal(relativeImports(source), ['./a.js', '../api/b.js', '../c/c.js', '../cli/main.js']);
  assert.ok(REAL.get('http/mock-app.ts')?.includes('chaos/chaos-middleware.ts'), 'src/ was not read');
});

// ─── The generator's rooms ────────────────────────────────────────
// src/generator/ is itself split into rooms, which import downwards too: its shared files at its top
// (random.ts, types.ts, iso-seconds.ts), tokens/ (drawing the tokens), plan/ (the market model and each
// pool's plan), pool/ (building a pool from its plan), declared/ (a market file, resolved into
// declarations) and run/ (options, batches, worker threads, writing the snapshot). The rules below work
// as the folder rules above, on the rooms of generator/; imports in or out of generator/ are the folder
// rules' business. declared/ sits beside plan/ and pool/ rather than above them: a plan carries its
// pool's declaration (declared/pool-declaration.ts) and a declared book is built of positions
// (declared/declared-book.ts), so only the run is kept from it.

/**
 * The rooms of a folder of src/ (`top`, itself maybe nested: `snapshot/format`): a path's room (relative to src/) is
 * its sub-folder of `top`, `top` itself for the files at its top, or null outside it.
 */
function roomIn(top: string): (path: string) => string | null {
  return (path) => {
    if (!path.startsWith(`${top}/`)) return null;
    const [room = '', ...rest] = path.slice(top.length + 1).split('/');
    return rest.length > 0 ? room : top;
  };
}

/** A folder of src/ in rooms (roomIn(top)): its rules, the rooms they name, and the cases that show they bite. */
interface RoomTable {
  top: string;
  /** Whose rules they are, in a test's name: "the generator's". */
  whose: string;
  rooms: readonly string[];
  rules: readonly Rule[];
  /** An import src/ holds (file, import): a folder that was not read cannot pass. */
  read: readonly [string, string];
  /** Synthetic imports, each with the one rule it breaks, and imports no rule flags (assertBites). */
  flagged: readonly [string, string, string][];
  allowed: readonly [string, string][];
  /** Paths and the room roomIn(top) places each in (null: outside the folder). */
  places: readonly [string, string | null][];
}

/** The tests of a folder's rooms: each rule over every import under src/, no stray file, the rules biting. */
function roomTests(table: RoomTable): void {
  const placeOf = roomIn(table.top);
  ruleTests(table.rules, placeOf);
  deps(`every file under src/${table.top}/ sits in a room the rules know`, () => {
    assert.equal(strays(placeOf, table.rooms), []);
    const [file, target] = table.read;
    assert.ok(REAL.get(file)?.includes(target), `src/${table.top}/ was not read`);
  });
  deps(`${table.whose} rules bite: a synthetic table of imports`, () => {
    assertBites(table.rules, placeOf, table.flagged, table.allowed);
    assert.equal(
      table.places.map(([path]) => placeOf(path)),
      table.places.map(([, room]) => room),
    );
  });
}

const GENERATOR_ROOMS: readonly string[] = ['generator', 'tokens', 'plan', 'pool', 'declared', 'run'];

const GENERATOR_RULES: readonly Rule[] = [
  {
    name: "the generator's shared files (random, types, iso-seconds) import none of its rooms",
    from: ['generator'],
    forbidden: { allBut: ['generator'] },
  },
  {
    name: 'generator/tokens draws tokens from the shared files alone',
    from: ['tokens'],
    forbidden: { allBut: ['generator'] },
  },
  {
    name: 'generator/plan plans pools without building them or drawing tokens',
    from: ['plan'],
    forbidden: ['pool', 'tokens'],
  },
  {
    name: 'generator/pool builds a pool from its plan, whose tokens it is given',
    from: ['pool'],
    forbidden: ['tokens'],
  },
  { name: 'in the generator, only the run imports the run', from: { allBut: ['run'] }, forbidden: ['run'] },
];

roomTests({
  top: 'generator',
  whose: "the generator's",
  rooms: GENERATOR_ROOMS,
  rules: GENERATOR_RULES,
  read: ['generator/run/pool-batch-build.ts', 'generator/pool/build-pool.ts'],
  flagged: [
    ['generator/random.ts', 'generator/plan/pool-plan.ts', GENERATOR_RULES[0]!.name],
    ['generator/types.ts', 'generator/tokens/tokens.ts', GENERATOR_RULES[0]!.name],
    ['generator/tokens/tokens.ts', 'generator/plan/pair-classes.ts', GENERATOR_RULES[1]!.name],
    ['generator/tokens/token-live.ts', 'generator/declared/market-file.ts', GENERATOR_RULES[1]!.name],
    ['generator/plan/pool-plan.ts', 'generator/pool/positions.ts', GENERATOR_RULES[2]!.name],
    ['generator/plan/market-pairs.ts', 'generator/tokens/tokens.ts', GENERATOR_RULES[2]!.name],
    ['generator/pool/build-pool.ts', 'generator/tokens/token-live.ts', GENERATOR_RULES[3]!.name],
    ['generator/plan/pool-placement.ts', 'generator/run/defaults.ts', GENERATOR_RULES[4]!.name],
    ['generator/pool/pool-record-of.ts', 'generator/run/pool-batch.ts', GENERATOR_RULES[4]!.name],
    ['generator/declared/declared-plans.ts', 'generator/run/generate-options.ts', GENERATOR_RULES[4]!.name],
  ],
  allowed: [
    ['generator/run/generate-snapshot.ts', 'generator/declared/declared-market.ts'],
    ['generator/run/generate-snapshot.ts', 'generator/tokens/tokens.ts'],
    ['generator/run/pool-batch-build.ts', 'generator/pool/build-pool.ts'],
    ['generator/pool/build-pool.ts', 'generator/plan/pool-plan.ts'],
    ['generator/pool/pool-holdings.ts', 'generator/declared/declared-book.ts'],
    ['generator/plan/pool-plan.ts', 'generator/declared/pool-declaration.ts'],
    ['generator/plan/pool-plan.ts', 'generator/plan/pool-market.ts'],
    ['generator/declared/declared-tokens.ts', 'generator/tokens/tokens.ts'],
    ['generator/tokens/tokens.ts', 'generator/random.ts'],
    ['generator/types.ts', 'snapshot/pool-record.ts'],
    ['moves/state/added-pool.ts', 'generator/run/defaults.ts'],
  ],
  places: [
    ['generator/random.ts', 'generator'],
    ['generator/run/pool-worker.ts', 'run'],
    ['generator/declared/market-file.ts', 'declared'],
    ['moves/state/added-pool.ts', null],
  ],
});
// ─── end of the generator's rooms ─────────────────────────────────

// ─── The rooms of the market that moves ──────────────────────────
// src/moves/ is split the same way (ARCHITECTURE.md): at its top the owner of a server's market and what
// the server and the CLI see of it (moving-market.ts, market-work.ts, work-queue.ts, market-clock.ts,
// market-info.ts, market-clock.ts);
// motion/ the seeded walk of the tokens' prices, their 12-hour marks and the market's activity; pool/ one
// pool at a step, pure functions of its shape and the moment; state/ the market's state after the snapshot:
// its pools, members, sums, changes made by hand, and the pace its work is sliced by. Each imports only the
// rooms below it: motion, pool, state, then the owner.

const MOVES_ROOMS: readonly string[] = ['moves', 'motion', 'pool', 'state'];

const MOVES_RULES: readonly Rule[] = [
  {
    name: 'moves/motion walks the prices and the activity alone',
    from: ['motion'],
    forbidden: { allBut: ['motion'] },
  },
  { name: 'moves/pool moves one pool, from the motion alone', from: ['pool'], forbidden: ['state', 'moves'] },
  { name: "moves/state keeps the market's state, knowing nothing of its owner", from: ['state'], forbidden: ['moves'] },
];

roomTests({
  top: 'moves',
  whose: "the market's",
  rooms: MOVES_ROOMS,
  rules: MOVES_RULES,
  read: ['moves/state/market-pools.ts', 'moves/pool/pool-figures.ts'],
  flagged: [
    ['moves/motion/market-tokens.ts', 'moves/pool/pool-at.ts', MOVES_RULES[0]!.name],
    ['moves/motion/step-prices.ts', 'moves/state/pace.ts', MOVES_RULES[0]!.name],
    ['moves/motion/market-activity.ts', 'moves/market-info.ts', MOVES_RULES[0]!.name],
    ['moves/pool/pool-at.ts', 'moves/state/market-pools.ts', MOVES_RULES[1]!.name],
    ['moves/pool/pool-patch.ts', 'moves/moving-market.ts', MOVES_RULES[1]!.name],
    ['moves/state/market-state.ts', 'moves/market-info.ts', MOVES_RULES[2]!.name],
  ],
  allowed: [
    ['moves/pool/pool-at.ts', 'moves/motion/market-activity.ts'],
    ['moves/state/market-pools.ts', 'moves/pool/pool-figures.ts'],
    ['moves/state/market-state.ts', 'moves/motion/market-tokens.ts'],
    ['moves/market-work.ts', 'moves/state/market-state.ts'],
    ['moves/moving-market.ts', 'moves/market-work.ts'],
    ['moves/state/market-state.ts', 'generator/random.ts'],
  ],
  places: [
    ['moves/moving-market.ts', 'moves'],
    ['moves/motion/token-price.ts', 'motion'],
    ['moves/state/pace.ts', 'state'],
    ['generator/random.ts', null],
  ],
});
// ─── end of the market's rooms ───────────────────────────────────

// ─── The stored format's writer ──────────────────────────────────
// src/snapshot/format/ keeps at its top what a server reads (the records, the schema, the encoders of served
// JSON, the sort keys and orders, the rows read back as records) and in write/ what only the generator, the
// recorder and a market written out need: the rows a record is laid out as, the writer and its transaction,
// the orders written, the atomic rename. A server that never writes a snapshot never loads the writer
// (test/architecture/hot-path.test.ts holds the request path to that).

const FORMAT_ROOMS: readonly string[] = ['snapshot/format', 'write'];

const FORMAT_RULES: readonly Rule[] = [
  {
    name: "snapshot/format's records, encoders and readers import nothing of its writer (format/write)",
    from: ['snapshot/format'],
    forbidden: ['write'],
  },
];

roomTests({
  top: 'snapshot/format',
  whose: "the format's",
  rooms: FORMAT_ROOMS,
  rules: FORMAT_RULES,
  read: ['snapshot/format/write/pool-row-batch.ts', 'snapshot/format/pool-pieces.ts'],
  flagged: [
    ['snapshot/format/stored-rows.ts', 'snapshot/format/write/token-row.ts', FORMAT_RULES[0]!.name],
    ['snapshot/format/pool-pieces.ts', 'snapshot/format/write/table-rows.ts', FORMAT_RULES[0]!.name],
  ],
  allowed: [
    ['snapshot/format/write/token-row.ts', 'snapshot/format/upstream-token-json.ts'],
    ['snapshot/format/write/snapshot-writer.ts', 'snapshot/format/write/table-rows.ts'],
    ['snapshot/format/stored-records.ts', 'snapshot/format/stored-rows.ts'],
    ['generator/run/write-pools.ts', 'snapshot/format/write/snapshot-writer.ts'],
  ],
  places: [
    ['snapshot/format/schema.ts', 'snapshot/format'],
    ['snapshot/format/write/table-rows.ts', 'write'],
    ['snapshot/formatted.ts', null],
    ['generator/random.ts', null],
  ],
});
// ─── end of the stored format's writer ───────────────────────────

deps.run();
