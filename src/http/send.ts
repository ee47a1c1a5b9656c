import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies smaller than this are sent as they are: compressing them saves nothing. */
const COMPRESS_FROM = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/** A body ready to write: its validator and its bytes in one encoding. */
export interface PreparedBody {
  etag: string;
  encoding: Encoding;
  payload: Buffer;
}

const chosen = new Map<string, Encoding>();

/**
 * The encoding to answer with, from Accept-Encoding: brotli, then gzip,
 * else none. Clients send few distinct headers: answers are kept.
 */
export function chooseEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  let encoding = chosen.get(accept);
  if (!encoding) {
    if (chosen.size >= 1000) chosen.clear();
    chosen.set(accept, (encoding = parseAcceptEncoding(accept)));
  }
  return encoding;
}

function parseAcceptEncoding(accept: string): Encoding {
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/**
 * Computes what a 200 sends: a strong validator (compressed variants get their own, as RFC 9110
 * requires) and the bytes in the chosen encoding. `tag` is the validator of the body's content: by
 * default a hash of the body; an API response passes one made from the snapshot and the request
 * (api-handler.ts), which determine the body exactly, and spares hashing a whole page per response.
 */
export function prepareBody(body: string | Buffer, wanted: Encoding, tag?: string): PreparedBody {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  const encoding = raw.length >= COMPRESS_FROM ? wanted : 'identity';
  tag ??= createHash('sha1').update(raw).digest('base64url');
  const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
  if (encoding === 'br')
    return {
      etag,
      encoding,
      payload: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    };
  if (encoding === 'gzip') return { etag, encoding, payload: gzipSync(raw, { level: 6 }) };
  return { etag, encoding, payload: raw };
}

/** Whether If-None-Match names `etag`: compared weakly, so W/ prefixes and encoding suffixes do not matter. */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string): string =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/-(br|gzip)"$/, '"');
  const wanted = strip(etag);
  return header.split(',').some((tag) => strip(tag) === wanted);
}

/** `Vary: Accept-Encoding`, after what the response varies on already (the admin surface's CORS: Origin). */
function varyOnEncoding(res: ServerResponse): void {
  const before = res.getHeader('Vary');
  if (typeof before !== 'string' || before === 'Accept-Encoding') res.setHeader('Vary', 'Accept-Encoding');
  else if (!before.includes('Accept-Encoding')) res.setHeader('Vary', `${before}, Accept-Encoding`);
}

function writePayload(req: IncomingMessage, res: ServerResponse, status: number, payload: Buffer): void {
  res.setHeader('Content-Length', payload.length);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Writes a prepared 200: ETag, 304 for a matching If-None-Match, Content-Encoding, no body for HEAD. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, prepared: PreparedBody): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  varyOnEncoding(res);
  res.setHeader('ETag', prepared.etag);
  if (notModified(req, prepared.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (prepared.encoding !== 'identity') res.setHeader('Content-Encoding', prepared.encoding);
  writePayload(req, res, 200, prepared.payload);
}

/** How `sendJson` sends a body besides its status. */
export interface SendOptions {
  /** Headers to set first (an error's Allow or Retry-After). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The `truncate` fault (docs/admin-and-chaos.md §3): the body cut in half and sent uncompressed, so
   * the client meets malformed JSON.
   */
  truncate?: boolean;
}

/**
 * Sends a JSON body with its status: a 200 as `sendPrepared` does, anything else plainly; cut short
 * when `options.truncate` says so (the caller reads that off the request the chaos layer marked).
 * @example sendJson(req, res, 404, '{"status":404,...}')
 */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  options: SendOptions = {},
): void {
  if (options.headers) for (const [name, value] of Object.entries(options.headers)) res.setHeader(name, value);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (options.truncate) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return writePayload(req, res, status, bytes.subarray(0, Math.floor(bytes.length / 2)));
  }
  if (status === 200) return sendPrepared(req, res, prepareBody(bytes, chooseEncoding(req.headers['accept-encoding'])));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  varyOnEncoding(res);
  writePayload(req, res, status, bytes);
}
