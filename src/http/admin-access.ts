import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { shown } from '../errors/api-error.js';
import { isHostHeader } from './request-origin.js';

/** Whether a listening host is reachable from this machine only: 127.0.0.0/8, ::1 or localhost. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Whether a request target (path and query, as on the request line) is the admin API's (`/__mock`,
 * `/__mock/…`): the one test for what answers with the admin API's own methods and error body in
 * either dialect, so CORS, the error handler and the parse-level error handler agree.
 * @example isAdminPath('/__mock/health') // true; isAdminPath('/__mockx') // false
 */
export function isAdminPath(target: string): boolean {
  return /^\/__mock(\/|\?|$)/.test(target);
}

/** A DNS name (labels of letters, digits and hyphens), an IPv4 address or a bracketed IPv6 one, without a port. */
const HOST_NAME = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]{2,45}\])$/;

/**
 * An `adminHosts` entry (`--admin-host`) checked and written as Host headers are compared: lower case, IPv6 in
 * brackets, no port (every port of the name is taken); a leading dot takes the name and every name under it, as
 * Vite's and webpack-dev-server's `allowedHosts` do. Throws a TypeError naming the value otherwise.
 * @example parseAdminHost('Mock.Test') // 'mock.test'; parseAdminHost('::1') // '[::1]'
 */
export function parseAdminHost(value: string): string {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const dot = lower.startsWith('.') ? '.' : '';
  const name = isIP(lower) === 6 ? `[${lower}]` : lower.slice(dot.length);
  const canonical = HOST_NAME.test(name) ? new URL(`http://${name}`).hostname : undefined;
  if (canonical === undefined || (dot && name.startsWith('[')))
    throw new TypeError(
      `an admin host must be a host name or address without a port, such as mock.test, .mock.test or 192.168.1.5, ` +
        `got ${JSON.stringify(value)}`,
    );
  return `${dot}${canonical}`;
}

/**
 * An `adminOrigins` entry (`--admin-origin`) as browsers send it in `Origin`: `http(s)://host[:port]`, no path.
 * Throws a TypeError naming the value otherwise.
 * @example parseAdminOrigin('http://LocalHost:5173/') // 'http://localhost:5173'
 */
export function parseAdminOrigin(value: string): string {
  const url = typeof value === 'string' ? originUrl(value.trim().replace(/\/$/, '')) : undefined;
  if (url === undefined)
    throw new TypeError(
      `an admin origin must be a page's origin, scheme, host and port without a path, such as ` +
        `http://localhost:5173, got ${JSON.stringify(value)}`,
    );
  return url.origin;
}

/** `text` as an http(s) origin with nothing after it (no path, query or user), or undefined. */
function originUrl(text: string): URL | undefined {
  if (!/^https?:\/\/[^/?#@\\]+$/i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** What the server was started with that says who may reach `/__mock` (createMockServer's options, checked). */
export interface AdminAccessOptions {
  /** The interface the server listens on. */
  listenHost: string;
  /** The public URL (normalized), whose host and origin are the server's own. */
  publicUrl: string | undefined;
  /** `parseAdminHost` values. */
  adminHosts: readonly string[];
  /** `parseAdminOrigin` values. */
  adminOrigins: readonly string[];
}

/** Who may reach the admin surface: the answers the admin guard and CORS ask for (docs/admin-and-chaos.md §1.7). */
export interface AdminAccess {
  /** Why the request's Host may not reach `/__mock`, naming the flag that would allow it; undefined when it may. */
  hostRefusal(req: IncomingMessage): string | undefined;
  /** Why the request's Origin may not change the mock, naming the flag; undefined when absent or allowed. */
  originRefusal(req: IncomingMessage): string | undefined;
}

/**
 * The Host and Origin rules of docs/admin-and-chaos.md §1.7. On a loopback listener a Host must name loopback
 * (`localhost`, `127.x.x.x`, `[::1]`), a listed host or the public URL's: a page whose name an attacker points at
 * 127.0.0.1 (DNS rebinding) names the attacker's host. Beyond loopback the network names the machine as it
 * likes, and the admin token guards changes. An Origin is the server's own (`http(s)://` and an allowed Host),
 * the public URL's or a listed one.
 * @example
 * const access = adminAccess({ listenHost: '127.0.0.1', publicUrl: undefined, adminHosts: [], adminOrigins: [] });
 */
export function adminAccess(options: AdminAccessOptions): AdminAccess {
  const { listenHost, publicUrl } = options;
  const names = [...options.adminHosts, ...(publicUrl === undefined ? [] : [new URL(publicUrl).hostname])];
  const origins = new Set([...options.adminOrigins, ...(publicUrl === undefined ? [] : [new URL(publicUrl).origin])]);
  const checksHost = isLoopback(listenHost);
  const listed = (hostname: string): boolean =>
    names.some((name) => name === hostname || (name.startsWith('.') && `.${hostname}`.endsWith(name)));
  const hostRefusal = (req: IncomingMessage): string | undefined => {
    const header = req.headers.host;
    if (!checksHost) return undefined;
    const hostname = header !== undefined && isHostHeader(header) ? hostnameOf(header) : undefined;
    if (hostname !== undefined && (isLoopback(hostname) || listed(hostname))) return undefined;
    if (header === undefined) return 'a request to /__mock needs a Host header naming this server';
    return (
      `Host ${shown(header)} is not this server's: /__mock answers Host localhost, 127.x.x.x or [::1] ` +
      `(a page on another name may have had it point here); to reach it through that name, start the server ` +
      `with --admin-host ${hostname ?? '<name>'} (createMockServer: adminHosts)`
    );
  };
  return {
    hostRefusal,
    originRefusal(req) {
      const given = req.headers.origin;
      if (given === undefined) return undefined;
      const origin = originUrl(given)?.origin;
      if (origin !== undefined && origins.has(origin)) return undefined;
      const host = req.headers.host;
      if (origin !== undefined && host !== undefined && hostRefusal(req) === undefined) {
        if (ownOrigins(host).includes(origin)) return undefined;
      }
      return (
        `Origin ${shown(given)} is another site's: a page may change this mock only from its own origin; ` +
        `to let that page change it, start the server with --admin-origin ${origin ?? '<origin>'} ` +
        '(createMockServer: adminOrigins)'
      );
    },
  };
}

/** The origins of a page served through `host` (a Host header): over http or https. */
function ownOrigins(host: string): string[] {
  if (!isHostHeader(host)) return [];
  try {
    return [new URL(`http://${host}`).origin, new URL(`https://${host}`).origin];
  } catch {
    return [];
  }
}

/** A Host header's host name as URLs write it (lower case, IPv4 in dotted decimal, IPv6 compressed in brackets). */
function hostnameOf(header: string): string | undefined {
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}
