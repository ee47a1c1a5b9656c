import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder. This file runs from dist/cli/ in a clone and in node_modules alike, and the docs
 * ship beside dist/ (package.json `files`), so a doc is found from here wherever the package was installed.
 */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where one of the package's own docs is, as a help text prints it: relative to the working directory when
 * the package lies below it (`node_modules/clmm-mock/docs/market-file.md` in a project, `docs/market-file.md`
 * in a clone), else absolute (a global install, or a command typed elsewhere), so the path opens from where
 * the command was typed. A doc named here must be listed in package.json `files` (test/package checks both).
 *
 * @example
 * docPath('docs/market-file.md'); // in a project: 'node_modules/clmm-mock/docs/market-file.md'
 * docPath('README.md', '/'); // an absolute path: '/home/me/app/node_modules/clmm-mock/README.md'
 */
export function docPath(doc: string, cwd = process.cwd()): string {
  const absolute = join(PACKAGE_ROOT, doc);
  const shown = relative(cwd, absolute);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? absolute : shown;
}
