import { PUBLIC_API, type ServiceName } from '@bazar/contracts';

/** Where each service answers inside the store, for the ones the renderer asks directly. */
export type ServiceUrls = Partial<Record<ServiceName, string>>;

/** The public reads the API declares, each with the service that answers it. */
const PUBLIC_READS = PUBLIC_API.filter((endpoint) => endpoint.method === 'get' && endpoint.access === 'public' && !endpoint.stream).map(
  (endpoint) => ({ service: endpoint.service, path: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`) }),
);

/**
 * Where the renderer asks a page's API read (`/api/product-details/…`, as the page asked nginx) again
 * to learn whether it changed: a public read of a service in `services` at that service, inside the
 * store; anything else through the store's front door. Every second each kept page's reads are asked
 * again, dozens of them once product pages are kept; through nginx and the gateway they would count
 * against the gateway's limit per client address, which shoppers at the renderer's address share (on
 * the local stack every browser and test on 127.0.0.1), and the checks alone would exceed it.
 */
export function readAddress(read: string, storeUrl: string, services: ServiceUrls): URL {
  const asked = new URL(read, storeUrl);
  const path = asked.pathname.replace(/^\/api(?=\/)/, '');
  const owner = path !== asked.pathname && PUBLIC_READS.find((declared) => declared.path.test(path))?.service;
  const serviceUrl = owner && services[owner];
  return serviceUrl ? new URL(`${path}${asked.search}`, serviceUrl) : asked;
}
