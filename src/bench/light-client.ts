import { Agent, request } from 'node:http';

/** An answer as the light client reads it: its status and its bytes, not decoded. */
export interface LightAnswer {
  status: number;
  body: Buffer;
}

/**
 * A client as light as the loads' (autocannon writes to its sockets itself): `node:http` on kept-alive
 * connections, asking for gzip as a browser does and reading the bytes without decoding them. What the market's
 * rows measure is then the server's wait: with `fetch`, the client's own work made the slowest requests, several
 * times what the server's handler took (docs/performance.md §2).
 * @example const http = lightClient(); const { status } = await http.send(`${origin}/v2/solana/pools`); http.close();
 */
export function lightClient(): { send(url: string, body?: string): Promise<LightAnswer>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const send = (url: string, body?: string): Promise<LightAnswer> =>
    new Promise((resolve, reject) => {
      const headers = {
        'accept-encoding': 'gzip, deflate, br',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      const req = request(url, { method: body === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
