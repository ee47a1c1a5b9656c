import type { IncomingMessage } from 'node:http';
import type { Polka } from 'polka';

type ParsedUrl = ReturnType<Polka['parse']>;

/**
 * polka's request parser (its documented `app.parse` hook) without the query: the routes read the
 * query with URLSearchParams, so @polka/url's eager `querystring.parse` of every query was work
 * thrown away on every request. Same result otherwise, `query` left undefined (polka makes it `{}`).
 * @example app.parse = parsePath;
 */
export function parsePath(req: IncomingMessage & { _parsedUrl?: ParsedUrl }): ParsedUrl {
  const raw = req.url ?? '/';
  const previous = req._parsedUrl;
  if (previous && previous.raw === raw) return previous;
  let pathname = raw;
  let search = '';
  let hash: string | undefined;
  const hashAt = raw.length > 1 ? raw.indexOf('#', 1) : -1;
  if (hashAt !== -1) {
    hash = raw.substring(hashAt);
    pathname = raw.substring(0, hashAt);
  }
  const queryAt = pathname.length > 1 ? pathname.indexOf('?', 1) : -1;
  if (queryAt !== -1) {
    search = pathname.substring(queryAt);
    pathname = pathname.substring(0, queryAt);
  }
  return (req._parsedUrl = { pathname, search, query: undefined, hash, raw });
}
