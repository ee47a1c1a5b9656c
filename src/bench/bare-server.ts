/**
 * The ceiling: a bare node:http server that answers each path with a precomputed body of the size
 * the mock answers it with (read from the JSON file named in argv: { path: bytes }). Prints its port.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const sizes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, number>;
// Not Math.max(...sizes): a hundred thousand arguments overflow the stack.
const largest = Object.values(sizes).reduce((max, size) => Math.max(max, size), 1);
const filler = Buffer.alloc(largest, 'x');
const bodies = new Map(Object.entries(sizes).map(([path, size]) => [path, filler.subarray(0, size)]));
const fallback = filler.subarray(0, 2);

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '') ?? fallback;
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
