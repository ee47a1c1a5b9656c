import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One request as the robustness suites send it: any method, a raw path (sent as is), headers, a body. */
export interface Exchange {
  method: string;
  /** Path and query exactly as they go on the request line, e.g. `/v2/solana/pools?size=%ZZ`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address: any of 127.0.0.0/8, so one test can be several clients of the per-address rate limit. */
  localAddress?: string;
}

/** What came back: a complete response (body decompressed), or the transport error. */
export type Answer =
  { ok: true; status: number; headers: IncomingHttpHeaders; body: Buffer } | { ok: false; error: string };

/** A keep-alive agent for many requests to one server. */
export function keepAliveAgent(maxSockets = 8): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/**
 * Sends one request to 127.0.0.1 with node:http (which, unlike fetch, sends any path it is given),
 * never rejects, and gives up after `timeoutMs`. Bodies are decompressed per Content-Encoding.
 */
export function exchange(port: number, ex: Exchange, agent: Agent | false, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let req: ReturnType<typeof request>;
    try {
      // A body goes with its Content-Length: node:http would otherwise send it unframed for GET, DELETE and OPTIONS.
      const headers =
        ex.body === undefined
          ? (ex.headers ?? {})
          : { ...ex.headers, 'content-length': String(Buffer.byteLength(ex.body)) };
      req = request(
        {
          host: '127.0.0.1',
          port,
          method: ex.method,
          path: ex.path,
          headers,
          agent,
          ...(ex.localAddress ? { localAddress: ex.localAddress } : {}),
        },
        (res) => readAnswer(res, done),
      );
    } catch (error) {
      return done({ ok: false, error: `client refused to send: ${(error as Error).message}` });
    }
    req.setTimeout(timeoutMs, () => {
      done({ ok: false, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ ok: false, error: `${error.code ?? ''} ${error.message}`.trim() }),
    );
    req.end(ex.body);
  });
}

/** Collects a response to its end and hands `done` the decoded answer (or what went wrong). */
function readAnswer(res: IncomingMessage, done: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error) => done({ ok: false, error: `response: ${error.message}` }));
  res.on('aborted', () => done({ ok: false, error: 'response aborted' }));
  res.on('end', () => {
    let body = Buffer.concat(chunks);
    try {
      const encoding = res.headers['content-encoding'];
      // HEAD, 204 and 304 answers carry the encoding header of the body they would have had, and no bytes.
      if (body.length === 0) {
        /* nothing to decode */
      } else if (encoding === 'br') body = brotliDecompressSync(body);
      else if (encoding === 'gzip') body = gunzipSync(body);
    } catch (error) {
      return done({
        ok: false,
        error: `undecodable ${res.headers['content-encoding']} body: ${(error as Error).message}`,
      });
    }
    done({ ok: true, status: res.statusCode ?? 0, headers: res.headers, body });
  });
}
