import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** A Chromium to drive, where it came from, and the flags to start it with. */
export interface Browser {
  executablePath: string;
  source: string;
  args: string[];
}

/**
 * Flags for a headless Chromium on a machine without a network: without the background-networking
 * ones it keeps trying to reach Google's hosts at every start.
 */
const HEADLESS_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** A browser installed on this machine (a fixed path or one on PATH), or undefined. */
function systemBrowser(): string | undefined {
  const fixed = SYSTEM_PATHS.find((path) => existsSync(path));
  if (fixed) return fixed;
  for (const name of SYSTEM_NAMES) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (found) return found;
    } catch {
      // not on PATH: try the next name
    }
  }
  return undefined;
}

/**
 * The Chromium the browser suite drives, in this order: `CHROMIUM_PATH`, a system Chromium or Chrome,
 * then the one the `@sparticuz/chromium` dev dependency ships inside itself (Linux x64 and arm64),
 * unpacked to a temporary folder on first use. So `npm test` needs no browser installed beforehand.
 */
export async function findBrowser(): Promise<Browser> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is ${fromEnv}, which does not exist`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH', args: HEADLESS_ARGS };
  }
  const system = systemBrowser();
  if (system) return { executablePath: system, source: 'system', args: HEADLESS_ARGS };
  const { default: packaged } = await import('@sparticuz/chromium');
  packaged.setGraphicsMode = false;
  const executablePath = await packaged.executablePath();
  // Its own flags include --single-process and friends, meant for it; ours keep it off the network.
  return { executablePath, source: '@sparticuz/chromium', args: [...new Set([...packaged.args, ...HEADLESS_ARGS])] };
}
