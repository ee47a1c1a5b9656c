import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Markdown's relative links and the anchors its headings make, as GitHub and npm's page render them, so a
// test can check that every link of a tree of docs (a clone, or the package as installed) leads somewhere.

/** A markdown text with its fenced code blocks blanked (their lines kept, so line numbers hold). */
function outsideCode(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) return ((fenced = !fenced), '');
    return fenced ? '' : line;
  });
}

/**
 * The anchor GitHub gives a heading: lowercase, punctuation dropped, spaces as hyphens, inline code and link
 * markup reduced to their text.
 *
 * @example slugOf("9. The live API's dialect: `--wire upstream`") // '9-the-live-apis-dialect---wire-upstream'
 */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown text's headings define; a repeated heading's anchors are numbered, as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of outsideCode(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** The relative links of a markdown text (not web addresses), with their line numbers. */
export function relativeLinksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  outsideCode(markdown).forEach((text, index) => {
    const prose = text.replace(/`[^`]*`/g, 'code');
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (!/^[a-z][a-z+.-]*:/i.test(target!)) links.push({ target: target!, line: index + 1 });
    }
  });
  return links;
}

/** Every markdown file under `root`, as paths relative to it (node_modules and dot-folders left out). */
export function markdownFilesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return markdownFilesUnder(root, path);
    return name.endsWith('.md') ? [relative(root, path)] : [];
  });
}

/**
 * The links of `files` (relative to `root`) that lead nowhere inside `root`: a file or folder that is absent
 * (by `present`, given a path relative to `root`; by default, on disk) or outside it, or an anchor its
 * target's headings do not define; each as `file:line: target (why)`.
 *
 * @example brokenLinks(packageFolder, ['README.md']) // { checked: 18, broken: ['README.md:7: x.md (no such file)'] }
 */
export function brokenLinks(
  root: string,
  files: string[],
  present = (path: string): boolean => existsSync(join(root, path)),
): { checked: number; broken: string[] } {
  const broken: string[] = [];
  let checked = 0;
  for (const file of files) {
    for (const { target, line } of relativeLinksOf(readFileSync(join(root, file), 'utf8'))) {
      checked++;
      const [path, anchor] = decodeURIComponent(target).split('#') as [string, string | undefined];
      const inRoot = relative(root, path === '' ? join(root, file) : resolve(root, dirname(file), path));
      const where = `${file}:${line}: ${target}`;
      if (inRoot.startsWith('..')) broken.push(`${where} (outside the folder)`);
      else if (!present(inRoot)) broken.push(`${where} (no such file)`);
      else if (anchor !== undefined && !anchorsOf(readFileSync(join(root, inRoot), 'utf8')).has(anchor)) {
        broken.push(`${where} (no heading #${anchor})`);
      }
    }
  }
  return { checked, broken };
}
