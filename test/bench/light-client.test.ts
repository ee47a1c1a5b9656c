import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lightClient } from '../../src/bench/light-client.js';

const client = suite("lightClient: the market rows' client, on kept-alive connections, bytes as sent");

client(
  'GETs and POSTs on one connection, asking for gzip; statuses and bytes come back as the server sent them',
  async () => {
    const seen: string[] = [];
    let connections = 0;
    const zipped = gzipSync('{"data":[]}');
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(
          `${req.method} ${req.url} ${req.headers['accept-encoding']} ${req.headers['content-type'] ?? '-'} ${body}`,
        );
        if (req.method === 'POST') res.writeHead(503).end('busy');
        else res.writeHead(200, { 'content-encoding': 'gzip' }).end(zipped);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = lightClient();
    try {
      const first = await http.send(`${origin}/pools?x=1`);
      const posted = await http.send(`${origin}/__mock/market/advance`, '{"steps":1}');
      const again = await http.send(`${origin}/pools?x=2`);
      assert.equal([first.status, posted.status, again.status], [200, 503, 200]);
      assert.ok(first.body.equals(zipped), 'the gzip bytes, not decoded');
      assert.is(posted.body.toString(), 'busy');
      assert.equal(seen, [
        'GET /pools?x=1 gzip, deflate, br - ',
        'POST /__mock/market/advance gzip, deflate, br application/json {"steps":1}',
        'GET /pools?x=2 gzip, deflate, br - ',
      ]);
      assert.is(connections, 1, 'one kept-alive connection');
    } finally {
      http.close();
      await new Promise((resolve) => server.close(resolve));
    }
  },
);

client('a refused connection rejects', async () => {
  const http = lightClient();
  try {
    await http.send('http://127.0.0.1:1/pools').then(
      () => assert.unreachable('answered'),
      (error: NodeJS.ErrnoException) => assert.is(error.code, 'ECONNREFUSED'),
    );
  } finally {
    http.close();
  }
});

client.run();
