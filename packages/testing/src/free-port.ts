import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/** A port free on loopback now, for a server the caller starts right after (a replica, an nginx). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
