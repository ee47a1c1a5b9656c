import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor } from '../errors/api-error.js';

import type { Position } from '../snapshot/served/listing-walks.js';

export type { Position };

/** Where a cursor continues: after or before the row of a pool or token address. */
export type CursorPosition = Exclude<Position, { kind: 'first' }>;

/** What a cursor carries: the endpoint, every normalized parameter of the listing, and the boundary row. */
export interface CursorState {
  endpoint: string;
  params: Record<string, unknown>;
  position: CursorPosition;
}

/** A cursor's payload, authenticated, cut where its position starts (listingText), or whole when it cannot be. */
export interface OpenedCursor {
  payload: string;
  /** The payload up to its position, `["pools",{…}`; undefined for a payload this version does not write. */
  listing?: string;
  position?: CursorPosition;
}

const SIGNATURE_BYTES = 16;
const NOT_ISSUED = 'cursor is not one this server issued';

/** The key's bytes, kept for the key last used: a server signs with one key, three times a page. */
let keyBytes: { key: string; bytes: Buffer } | undefined;

function sign(key: string, payload: string): Buffer {
  if (keyBytes?.key !== key) keyBytes = { key, bytes: Buffer.from(key) };
  return createHmac('sha256', keyBytes.bytes).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * A listing as its cursors carry it: the JSON array of the endpoint and the carried parameters, open,
 * to be followed by a position. Made once per listing, not per cursor.
 * @example listingText('pools', { size: 50 }) // '["pools",{"size":50}'
 */
export function listingText(endpoint: string, params: Record<string, unknown>): string {
  return JSON.stringify([endpoint, params]).slice(0, -1);
}

/**
 * Encodes a cursor: base64url JSON `[endpoint, params, "a" or "b", address]` plus an HMAC with the
 * snapshot's key, so the same snapshot and request always give the same cursor bytes and a cursor
 * from another snapshot is refused.
 * @example encodeCursor(key, listingText('pools', params), { kind: 'after', address })
 */
export function encodeCursor(key: string, listing: string, position: CursorPosition): string {
  const payload = `${listing},"${position.kind === 'after' ? 'a' : 'b'}",${JSON.stringify(position.address)}]`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** The position at the end of a payload as encodeCursor writes it, and what precedes it; undefined for any other. */
function cut(payload: string): { listing: string; position: CursorPosition } | undefined {
  const open = payload.lastIndexOf('"', payload.length - 3);
  if (open < 5 || !payload.endsWith('"]')) return undefined;
  const address = payload.slice(open + 1, -2);
  const kind = payload.slice(open - 5, open);
  // JSON.parse would read an escape, or refuse a control character: such a payload is read whole.
  if (/[\\\u0000-\u001f]/.test(address) || (kind !== ',"a",' && kind !== ',"b",')) return undefined;
  return { listing: payload.slice(0, open - 5), position: { kind: kind[2] === 'a' ? 'after' : 'before', address } };
}

/** Authenticates a cursor and cuts its payload; anything malformed, tampered or foreign is a 400 invalid_cursor. */
export function openCursor(key: string, cursor: string): OpenedCursor {
  const [body = '', signature = '', ...rest] = cursor.split('.');
  if (rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(signature) || cursor.length > 8192)
    throw invalidCursor(NOT_ISSUED);
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalidCursor('cursor is not valid for this snapshot (tampered, or issued by another snapshot)');
  }
  return { payload, ...cut(payload) };
}

/** Reads an authenticated payload whole (openCursor); one that is not `[endpoint, params, kind, address]` is a 400. */
export function readPayload(payload: string): CursorState {
  let decoded: unknown;
  try {
    decoded = JSON.parse(payload);
  } catch {
    throw invalidCursor(NOT_ISSUED);
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw invalidCursor(NOT_ISSUED);
  const [endpoint, params, kind, address] = decoded as unknown[];
  const isObject = typeof params === 'object' && params !== null && !Array.isArray(params);
  if (typeof endpoint !== 'string' || !isObject || (kind !== 'a' && kind !== 'b') || typeof address !== 'string') {
    throw invalidCursor(NOT_ISSUED);
  }
  return {
    endpoint,
    params: params as Record<string, unknown>,
    position: { kind: kind === 'a' ? 'after' : 'before', address },
  };
}
