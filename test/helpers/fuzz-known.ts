import type { MockServer } from '../../src/http/create-mock-server.js';
import { cursorsOf } from './dialect.js';
import { exchange, type Json } from './http.js';

/** What the fuzzer knows of the served snapshot: real addresses and real cursors. */
export interface Known {
  pools: string[];
  tokens: string[];
  cursors: { endpoint: string; name: 'next' | 'previous'; cursor: string }[];
}

/** Reads real pool and token addresses and real next/previous cursors from the running server. */
export async function learn(server: MockServer): Promise<Known> {
  const get = async (path: string): Promise<Json> => {
    const answer = await exchange(server.port, { method: 'GET', path: `/v2/solana${path}` }, false);
    if (!answer.ok || answer.status !== 200)
      throw new Error(`setup: GET ${path} failed: ${JSON.stringify(answer).slice(0, 300)}`);
    return JSON.parse(answer.body.toString('utf8'));
  };
  const pools = await get('/pools?size=40&includeBlocked=true');
  const tokens = await get('/tokens?size=40');
  const cursors: Known['cursors'] = [];
  for (const endpoint of [
    '/pools?size=3',
    '/pools?sortBy=volume7d&stats=24h&size=2',
    '/tokens?size=3',
    '/pools/search?q=SOL&size=1',
    '/tokens/search?q=a&size=1',
  ]) {
    const first = cursorsOf(await get(endpoint));
    if (first.next === null) continue;
    cursors.push({ endpoint, name: 'next', cursor: first.next });
    const second = cursorsOf(await get(`${endpoint.split('?')[0]}?next=${encodeURIComponent(first.next)}`));
    if (second.previous !== null) cursors.push({ endpoint, name: 'previous', cursor: second.previous });
  }
  if (cursors.length < 4) throw new Error(`setup: too few cursors (${cursors.length})`);
  const addressesOf = (body: Json): string[] => body.data.map((item: Json) => item.address as string);
  return { pools: addressesOf(pools), tokens: addressesOf(tokens), cursors };
}
