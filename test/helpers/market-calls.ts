import * as assert from 'uvu/assert';
import { call, type Json, type Reply } from './http.js';

/**
 * Calls of the market's admin routes (docs/market-moves.md §3) for the suites that move a market: each
 * sends JSON and answers the reply; `changed` asserts a 2xx and answers the body.
 */
export function marketCalls(origin: string) {
  const send = (method: string, path: string, body?: unknown): Promise<Reply> =>
    call(`${origin}/__mock/market${path}`, {
      method,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      headers: { 'content-type': 'application/json' },
    });
  const changed = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const reply = await send(method, path, body);
    assert.ok(reply.status < 300, `${method} ${path} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    return reply.body;
  };
  return {
    send,
    state: (): Promise<Json> => changed('GET', ''),
    advance: (steps: number): Promise<Json> => changed('POST', '/advance', { steps }),
    reset: (): Promise<Json> => changed('POST', '/reset'),
    setToken: (mint: string, body: unknown): Promise<Json> => changed('PATCH', `/tokens/${mint}`, body),
    setPool: (address: string, body: unknown): Promise<Json> => changed('PATCH', `/pools/${address}`, body),
    addPool: (entry: unknown): Promise<Json> => changed('POST', '/pools', entry),
    removePool: (address: string): Promise<Json> => changed('DELETE', `/pools/${address}`),
  };
}
