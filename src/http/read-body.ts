import type { IncomingMessage } from 'node:http';
import { ApiError, invalidParameter } from '../errors/api-error.js';

const MAX_BODY = 64 * 1024;

/** Reads a JSON request body of at most 64 KiB; anything else is a 400 naming the problem. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY)
        throw new ApiError(413, 'invalid_parameter', `request body is over ${MAX_BODY} bytes`, { parameter: 'body' });
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidParameter('body', `request body could not be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw invalidParameter('body', `request body must be JSON: ${(error as Error).message}`);
  }
}
