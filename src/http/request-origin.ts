import type { IncomingMessage } from 'node:http';

const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Whether a Host header names a host: a DNS name, IPv4 or bracketed IPv6, with an optional port, and nothing
 * else (no path, user or spaces), so it may be written into a URL or a body.
 * @example isHostHeader('localhost:8080') // true; isHostHeader('a/b') // false
 */
export function isHostHeader(host: string): boolean {
  return host.length <= 261 && HOST.test(host);
}

/**
 * Where the client reached this server, for absolute URLs in responses (token logos): the public URL
 * (as normalizePublicUrl returns it) when one is set, else `http://` and the request's Host header,
 * else the server's own address. A malformed Host is not echoed into bodies.
 * @example const originOf = requestOrigin(undefined, () => 'http://127.0.0.1:8080'); originOf(req)
 */
export function requestOrigin(
  publicUrl: string | undefined,
  ownOrigin: () => string,
): (req: IncomingMessage) => string {
  if (publicUrl !== undefined) {
    return function publicOrigin() {
      return publicUrl;
    };
  }
  // Clients send the same Host over and over: the last one's answer is kept.
  let last: { host: string; origin: string } | undefined;
  return function hostOrigin(req) {
    const host = req.headers.host;
    if (last !== undefined && host === last.host) return last.origin;
    if (host === undefined || !isHostHeader(host)) return ownOrigin();
    last = { host, origin: `http://${host}` };
    return last.origin;
  };
}
