// The ceiling of the gateway figure: a proxy with nothing of the gateway's own work, bare Node
// `http` streaming every request to the catalog service and its answer back over undici's
// kept-alive pool, as the gateway's proxy does (gateway/src/proxy.ts), without routing, access
// checks, rate limits, tracing or metrics. What any gateway written in Node would at best reach
// against the catalog directly on this machine. Run in a process of its own; prints its address.
// Usage: node --import tsx bench/catalog-read/bare-proxy.ts <catalog origin>
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const origin = process.argv[2];
if (!origin) throw new Error('usage: bare-proxy.ts <catalog origin>');
const upstream = new URL(origin);
const pool = new Pool(upstream.origin, { connections: 256 });

const server = http.createServer((req, res) => {
  pool.stream(
    { path: req.url ?? '/', method: 'GET', headers: { host: upstream.host } },
    ({ statusCode, headers }) => {
      res.writeHead(statusCode, headers as http.OutgoingHttpHeaders);
      return res;
    },
    (err) => {
      if (err && !res.headersSent) res.writeHead(502).end();
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
