// What the gateway adds to a read: the same cached GET /products straight from the catalog service
// (the baseline) and through the gateway, same connections and duration, one after the other; the
// load names many client addresses (load.ts), so the gateway's rate limiter counts without refusing.
// Usage: node --import tsx bench/gateway-overhead/read.ts   (the stack must be up)
import { stackEnv } from '@bazar/testing';
import { emitFigures, type Figure } from '../figures';
import { CONNECTIONS, DURATION_S, measureThroughput, throughputRow } from '../load';

async function main(): Promise<void> {
  const path = '/products';
  const [direct, viaGateway] = await Promise.all([fetch(`${stackEnv.catalogUrl}${path}`), fetch(`${stackEnv.gatewayUrl}${path}`)]);
  if ((await direct.text()) !== (await viaGateway.text())) throw new Error('the gateway and the catalog answered different bytes');
  console.log(`GET ${path} (warm read cache), ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  const catalog = await measureThroughput('catalog service directly', `${stackEnv.catalogUrl}${path}`);
  const gateway = await measureThroughput('through the gateway', `${stackEnv.gatewayUrl}${path}`);
  console.log(throughputRow(catalog));
  console.log(throughputRow(gateway));
  console.log(`\nratio gateway / direct: ${(gateway.rps / catalog.rps).toFixed(3)}`);
  const figures: Figure[] = [
    {
      bench: 'gateway-overhead',
      name: 'cached GET /products via gateway',
      value: gateway.rps,
      unit: 'req/s',
      baseline: { name: 'catalog directly', value: catalog.rps },
    },
    {
      bench: 'gateway-overhead',
      name: 'cached GET /products via gateway p99',
      value: gateway.p99,
      unit: 'ms',
      baseline: { name: 'catalog directly p99', value: catalog.p99 },
    },
  ];
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`gateway read bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
