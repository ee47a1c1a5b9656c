import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Bodies captured from the live API are not this project's and are not in the repository. CI points
 * CLMM_CAPTURES at a folder of them (`.ci/run`), and `npm run test:captures` holds the project's own
 * statements (fixtures/upstream-shape.json, the live dialect) to them.
 */
export function capturesDir(): string {
  const dir = process.env.CLMM_CAPTURES;
  if (dir === undefined || !existsSync(join(dir, 'openapi.json')))
    throw new Error(
      'npm run test:captures needs CLMM_CAPTURES: the folder of bodies captured from the live API ' +
        `(with its openapi.json); got ${dir === undefined ? 'nothing' : `'${dir}'`}`,
    );
  return dir;
}

/** A captured body, parsed. */
export function capture(file: string): unknown {
  return JSON.parse(readFileSync(join(capturesDir(), file), 'utf8'));
}

/** The value at `path` (keys and indexes) inside a parsed body. */
export function at(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}
