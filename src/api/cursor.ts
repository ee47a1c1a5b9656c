import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor } from '../errors/api-error.js';

import type { Position } from '../snapshot/walk-order.js';

export type { Position };

/** What a cursor carries: the endpoint, every normalized parameter of the listing, and the boundary row. */
export interface CursorState {
  endpoint: string;
  params: Record<string, unknown>;
  position: Exclude<Position, { kind: 'first' }>;
}

const SIGNATURE_BYTES = 16;

/** The key's bytes, kept for the key last used: a server signs with one key, three times a page. */
let keyBytes: { key: string; bytes: Buffer } | undefined;

function sign(key: string, payload: string): Buffer {
  if (keyBytes?.key !== key) keyBytes = { key, bytes: Buffer.from(key) };
  return createHmac('sha256', keyBytes.bytes).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * Encodes a cursor: base64url JSON plus an HMAC with the snapshot's key, so the same snapshot and
 * request always give the same cursor bytes and a cursor from another snapshot is refused.
 * @example encodeCursor(key, { endpoint: 'pools', params, position: { kind: 'after', address } })
 */
export function encodeCursor(key: string, state: CursorState): string {
  const payload = JSON.stringify([
    state.endpoint,
    state.params,
    state.position.kind === 'after' ? 'a' : 'b',
    state.position.address,
  ]);
  return `${Buffer.from(payload).toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** Decodes and authenticates a cursor; anything malformed, tampered or foreign is a 400 invalid_cursor. */
export function decodeCursor(key: string, cursor: string): CursorState {
  const [body = '', signature = '', ...rest] = cursor.split('.');
  if (
    rest.length > 0 ||
    !/^[A-Za-z0-9_-]+$/.test(body) ||
    !/^[A-Za-z0-9_-]+$/.test(signature) ||
    cursor.length > 8192
  ) {
    throw invalidCursor('cursor is not one this server issued');
  }
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalidCursor('cursor is not valid for this snapshot (tampered, or issued by another snapshot)');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(payload);
  } catch {
    throw invalidCursor('cursor is not one this server issued');
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw invalidCursor('cursor is not one this server issued');
  const [endpoint, params, kind, address] = decoded as unknown[];
  const isObject = typeof params === 'object' && params !== null && !Array.isArray(params);
  if (typeof endpoint !== 'string' || !isObject || (kind !== 'a' && kind !== 'b') || typeof address !== 'string') {
    throw invalidCursor('cursor is not one this server issued');
  }
  return {
    endpoint,
    params: params as Record<string, unknown>,
    position: { kind: kind === 'a' ? 'after' : 'before', address },
  };
}
