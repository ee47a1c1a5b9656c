import type { IncomingMessage } from 'node:http';
import { ApiError, invalidParameter } from '../errors/api-error.js';
import { MAX_JSON_DEPTH, parseStrictJson, StrictJsonError } from '../json/strict-json.js';

// What the admin routes take as bodies (docs/admin-and-chaos.md §10): strict JSON of at most MAX_BODY bytes, an
// object where a route takes one, and nothing at all where a route takes none.

const MAX_BODY = 64 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const tooLarge = (): ApiError =>
  new ApiError(413, 'invalid_parameter', `request body is over ${MAX_BODY} bytes`, { parameter: 'body' });

/** Whether the request announces a body: a Content-Length above 0, or any Transfer-Encoding. */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads a request body of strict JSON (src/json/strict-json.ts) of at most 64 KiB; anything else is a 400 (a 413
 * when too large) with `parameter: "body"` naming the problem and where it is.
 * @example const config = await readJsonBody(req); // '{"errorRate": 1}' → { errorRate: 1 }
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  // Refused before a byte is read: a body announced too large is not worth receiving.
  if (Number(req.headers['content-length']) > MAX_BODY) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidParameter('body', `request body could not be read: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw invalidParameter('body', 'request body must be JSON in UTF-8: it holds bytes that are not UTF-8');
  }
  try {
    return parseStrictJson(text, MAX_JSON_DEPTH);
  } catch (error) {
    if (error instanceof StrictJsonError) throw invalidParameter('body', `request body must be JSON: ${error.message}`);
    throw error;
  }
}

/** What a body is, for a message: `null`, `an array`, `a number`… */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * readJsonBody, of a route whose body is a JSON object: `null`, an array, a string, a number or a boolean is a 400
 * naming what it got and what would do (`accepted`, e.g. `the fields priceUsdc`).
 * @example const change = await readObjectBody(req, 'any of price, tvlUsdc, stats, hasWarning');
 */
export async function readObjectBody(req: IncomingMessage, accepted: string): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  if (kindOf(body) !== 'an object')
    throw invalidParameter('body', `the body must be a JSON object with ${accepted}; got ${kindOf(body)}`);
  return body as Record<string, unknown>;
}

/**
 * For a route that takes no body: a request that announces one is a 400, answered before the body is read, so that
 * a large one is never held (Node discards the rest). A chunked request is read up to its first byte.
 * @example await refuseBody(req, 'POST /__mock/reset');
 */
export async function refuseBody(req: IncomingMessage, route: string): Promise<void> {
  if (!announcesBody(req)) return;
  const refused = invalidParameter('body', `${route} takes no body; send none (Content-Length: 0 or no body)`);
  if (req.headers['content-length'] !== undefined && req.headers['transfer-encoding'] === undefined) throw refused;
  const empty = await new Promise<boolean>((resolve) => {
    const done = (isEmpty: boolean): void => {
      req.off('data', onData).off('end', onEnd).off('error', onEnd);
      // Whatever is left is read and dropped, as Node does for a body no handler reads.
      req.resume();
      resolve(isEmpty);
    };
    const onData = (chunk: Buffer): void => (chunk.length > 0 ? done(false) : undefined);
    const onEnd = (): void => done(true);
    req.on('data', onData).once('end', onEnd).once('error', onEnd);
  });
  if (!empty) throw refused;
}
