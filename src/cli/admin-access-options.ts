import type { Options } from 'yargs';
import { parseAdminHost, parseAdminOrigin } from '../http/admin-access.js';
import { UsageError } from './fail.js';

/** `--admin-host` of `serve` and `start` (docs/admin-and-chaos.md §1.7); repeatable. */
export const ADMIN_HOST_OPTION = {
  type: 'string',
  requiresArg: true,
  describe:
    'A host name besides localhost, 127.x.x.x and [::1] under which /__mock answers and may be changed, ' +
    'for a mock reached through a proxy or another name on purpose; a leading dot takes every name under it; ' +
    'repeatable, e.g. --admin-host mock.test',
} as const satisfies Options;

/** `--admin-origin` of `serve` and `start` (docs/admin-and-chaos.md §1.7); repeatable. */
export const ADMIN_ORIGIN_OPTION = {
  type: 'string',
  requiresArg: true,
  describe:
    "A page's origin besides the server's own that may change the mock from a browser and read /__mock; " +
    'repeatable, e.g. --admin-origin http://localhost:5173',
} as const satisfies Options;

/** A flag yargs hands over once (a string) or repeated (an array). */
type Repeated = string | string[] | undefined;

/**
 * `--admin-host` and `--admin-origin` checked, so that a bad value is one usage line (exit 2) naming the flag
 * before anything starts.
 * @example
 * adminAccessOf({ adminHost: ['mock.test'], adminOrigin: undefined });
 * // { adminHosts: ['mock.test'], adminOrigins: [] }
 */
export function adminAccessOf(argv: { adminHost?: Repeated; adminOrigin?: Repeated }): {
  adminHosts: string[];
  adminOrigins: string[];
} {
  const each = <T>(flag: string, values: Repeated, parse: (value: string) => T): T[] =>
    [values ?? []].flat().map((value) => {
      try {
        return parse(String(value));
      } catch (error) {
        throw new UsageError(`${flag}: ${(error as Error).message}`);
      }
    });
  return {
    adminHosts: each('--admin-host', argv.adminHost, parseAdminHost),
    adminOrigins: each('--admin-origin', argv.adminOrigin, parseAdminOrigin),
  };
}
