// The floor of the catalog-read benchmark: bare Node `http` answering every request with the bytes
// of one file (the catalog's product list), with the catalog's content type and nothing else: no
// routing, no middleware, no logging. Run in a process of its own so that it shares the machine
// like a service does. Prints its address once it listens.
// Usage: node --import tsx bench/catalog-read/bare-server.ts <file>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <file>');
const body = readFileSync(file);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
// as Node's default and the services': idle keep-alive connections are kept a while
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
