import { createHmac } from 'node:crypto';

/** A cursor for `payload` with the signature the server checks: base64url payload, a dot, 16 bytes of HMAC-SHA256. */
export function signCursor(key: string, payload: string): string {
  return (
    `${Buffer.from(payload).toString('base64url')}.` +
    `${createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url')}`
  );
}

/** Cursor payloads that are not what the server ever signs: wrong shapes, endpoints, kinds and request fields. */
export function malformedCursorPayloads(address: string): string[] {
  return [
    'abc',
    'null',
    '{}',
    '[]',
    '"pools"',
    '42',
    '["pools"]',
    '["pools",null,"a"]',
    '["pools",{},"a",5]',
    '["pools",{},"x","' + address + '"]',
    '["pools",{"sortBy":"nonsense"},"a","' + address + '"]',
    '["pools",{"sortDirection":"sideways"},"a","' + address + '"]',
    '["pools",{"stats":"24h"},"a","' + address + '"]',
    '["pools",{"size":"x"},"a","' + address + '"]',
    '["pools",{"size":100000},"a","' + address + '"]',
    '["pools",{"minTvl":"abc"},"a","' + address + '"]',
    '["pools",{"token":5},"a","' + address + '"]',
    '["pools",{"tokensBothOf":"x"},"a","' + address + '"]',
    '["tokens",{"sort_by":"nonsense"},"a","' + address + '"]',
    '["tokens/search",{"q":5},"a","' + address + '"]',
    '["pools/search",{"q":null},"a","' + address + '"]',
  ];
}
