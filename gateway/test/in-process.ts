// A gateway in the test's own process, over the public API plus endpoints of the test's own, with
// one service of the test's (as the catalog) and the stack's Keycloak, Redis and other services.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLIC_API, type Endpoint } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { createApp, finishApp, serverFor } from '@bazar/service-kit/http';
import { createRedis } from '@bazar/service-kit/redis';
import { stackEnv } from '@bazar/testing';
import type { Express } from 'express';
import { wireGateway } from '../src/app';
import { GatewayConfig } from '../src/config';

export const testLog = createLogger('gateway-in-process-test', 'silent');

/** Serves `app` on a free port, on the server the kit gives every service. */
export async function listen(app: Express): Promise<Server> {
  const server = serverFor(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}
export const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Starts a gateway over PUBLIC_API and `extra`, sending the catalog's calls to `catalog`; answers
 *  its address and how to stop it (with the servers and Redis connection it made). */
export async function startGateway(catalog: Server, extra: readonly Endpoint[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const config = GatewayConfig.parse({
    PORT: '1', // unused: the test listens itself
    KAFKA_BROKERS: stackEnv.kafkaBrokers.join(','),
    REDIS_URL: stackEnv.redisUrl,
    CATALOG_URL: urlOf(catalog),
    CART_URL: stackEnv.cartUrl,
    ORDER_URL: stackEnv.orderUrl,
    USER_URL: stackEnv.userUrl,
    MEDIA_URL: stackEnv.mediaUrl,
    STORE_ORIGIN: stackEnv.webUrl,
    OIDC_ISSUER: `${stackEnv.webUrl}/auth/realms/bazar`,
    OIDC_JWKS_URL: `${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/certs`,
    OIDC_AUDIENCE: 'bazar-api',
    KEYCLOAK_URL: stackEnv.keycloakUrl,
    BAZAR_IDENTITY_SIGNING_KEY: stackEnv.identitySigningKey,
  });
  // the gateway asks the user service for roles with a service token, as the stack's does; the test's
  // own service in this process believes the identity the gateway signs, as the stack's services do
  process.env.BAZAR_SERVICE_SIGNING_KEY ??= stackEnv.serviceSigningKey;
  process.env.BAZAR_IDENTITY_VERIFY_KEY ??= stackEnv.identityVerifyKey;
  const redis = createRedis(config.REDIS_URL, testLog);
  const { routes, stop } = wireGateway({ config, log: testLog, redis }, [...PUBLIC_API, ...extra]);
  const gateway = await listen(finishApp(createApp({ log: testLog, jsonLimit: false }).use(...routes)));
  return {
    url: urlOf(gateway),
    async stop() {
      await new Promise((resolve) => gateway.close(resolve));
      // as the service kit does: the gateway's rate limits are settled before Redis goes
      await stop?.();
      await redis.quit();
    },
  };
}
