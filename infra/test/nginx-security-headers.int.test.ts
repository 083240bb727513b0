/**
 * Every answer of the store carries its security headers (infra/nginx/security-headers.conf), nginx's
 * own refusals included: a path with an extension that names no file is nginx's 404 (issue 53,
 * finding 9). Keycloak's pages are the exception: they send their own.
 */
import { stackEnv } from '@bazar/testing';
import { EDGE_PLACES, edgeConfigOf } from './edge-configs.ts';

const HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

it.each([
  '/nothing.js',
  '/nothing.css',
  '/assets/nothing.js',
  '/nothing',
  '/',
  '/about',
  '/api/nothing',
  '/mf/catalog/nothing.js',
  '/media/nothing.webp',
])('%s answers with the security headers', async (address) => {
  const answer = await fetch(`${stackEnv.webUrl}${address}`, { redirect: 'manual' });
  expect({ address, headers: HEADERS.filter((name) => !answer.headers.get(name)) }).toEqual({ address, headers: [] });
});

/** The locations of a config with no security headers: only Keycloak's, which send their own, and on
 *  the cluster the kubelet's probes, on a port no Service exposes. */
it.each(EDGE_PLACES)('every location of the %s nginx.conf but Keycloak’s includes the security headers', (place) => {
  const lines = edgeConfigOf(place).split('\n');
  const bare: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*location /.test(lines[i]!)) continue;
    const indent = /^\s*/.exec(lines[i]!)![0];
    const end = lines.findIndex((line, j) => j > i && line === `${indent}}`);
    if (!lines.slice(i, end).some((line) => /include \S*security-headers\.conf;/.test(line))) bare.push(lines[i]!.trim());
  }
  const probes = place === 'cluster' ? ['location = /health {', 'location = /ready {'] : [];
  expect(bare.filter((location) => !location.includes('/auth/') && !probes.includes(location))).toEqual([]);
});
