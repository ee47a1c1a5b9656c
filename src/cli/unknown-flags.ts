import type { Argv } from 'yargs';
import { UsageError } from './fail.js';

/** What yargs' middleware is handed besides argv at run time (its typings name only argv). */
interface ParsingYargs {
  getOptions(): { key: Record<string, unknown>; hiddenOptions: string[] };
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Edit distance with adjacent swaps counted once (`snapshto` is one edit from `snapshot`). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The option of `known` a mistyped flag most likely meant: the nearest by edit distance, if it is within two
 * edits and less than half the typed name (so that `--x` suggests nothing).
 * @example nearestFlag('pool', ['seed', 'pools', 'tokens']) // 'pools'
 */
export function nearestFlag(typed: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = distance(typed, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return bestDistance <= 2 && bestDistance < typed.length / 2 ? best : undefined;
}

/**
 * Refuses a flag the command does not take before yargs checks anything else, so that `serve --snapshto x`
 * names `--snapshto` (not the `--snapshot` it then lacks) and suggests the command's own option nearest to it.
 * Registered once, before validation: yargs hands it the command's own parser. Async, so that its refusal
 * reaches the promise of the parse (a middleware's throw would escape it).
 * @example yargs.middleware(refuseUnknownFlags, true) // generate --pool 5: "… did you mean --pools?"
 */
export async function refuseUnknownFlags(argv: Record<string, unknown>, parser?: Argv): Promise<void> {
  if (parser === undefined) return;
  const options = (parser as unknown as ParsingYargs).getOptions();
  const declared = Object.keys(options.key);
  const known = new Set(['_', '$0', ...declared, ...declared.map(camel)]);
  const typed = Object.keys(argv).filter((key) => !known.has(key));
  // yargs adds the camelCase twin of a kebab-case flag: keep the name as typed.
  const unknown = typed.filter((key) => !typed.some((other) => other !== key && camel(other) === key));
  if (unknown.length === 0) return;
  const command = (argv._ as unknown[])[0];
  const visible = declared.filter((key) => !options.hiddenOptions.includes(key) && key !== 'version');
  const help = `see clmm-mock${command === undefined ? '' : ` ${String(command)}`} --help`;
  const named = unknown.map((key) => {
    const name = kebab(key);
    return { name, nearest: nearestFlag(name, visible) };
  });
  if (named.length === 1) {
    const [{ name, nearest }] = named as [{ name: string; nearest?: string }];
    throw new UsageError(`unknown flag --${name}${nearest ? `; did you mean --${nearest}?` : ''} (${help})`);
  }
  const list = named.map(({ name, nearest }) => `--${name}${nearest ? ` (did you mean --${nearest}?)` : ''}`);
  throw new UsageError(`unknown flags ${list.join(', ')} (${help})`);
}
