import { PUBLIC_API, type Endpoint, type ServiceName } from '@bazar/contracts';
import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { IdentitySigner, identitySigningKey } from '@bazar/service-kit/http';
import cors from 'cors';
import { Router } from 'express';
import { authenticate } from './auth/authenticate';
import { Revocations } from './auth/revocations';
import { RoleDirectory } from './auth/roles';
import { TokenVerifier } from './auth/token-verifier';
import type { GatewayConfig } from './config';
import { forgetChangedRoles } from './events/forget-roles';
import { RateLimits } from './limits/rate-limit';
import { StreamLimits } from './limits/stream-limits';
import { docsPage } from './openapi/docs-page';
import { openApiDocument } from './openapi/document';
import { proxyTo } from './proxy';
import { declaredRoutes, type Gate } from './routes/declared';
import { SIGN_IN_PATH, signInGuard } from './sign-in/guess-limits';

/** The gateway of the public API `api` (the contracts' declaration; a test adds endpoints of its own). */
export function wireGateway(
  { config, log, redis }: Pick<ServiceContext<GatewayConfig>, 'config' | 'log' | 'redis'>,
  api: readonly Endpoint[] = PUBLIC_API,
): Wiring {
  const verifier = new TokenVerifier({ jwksUri: config.OIDC_JWKS_URL, issuer: config.OIDC_ISSUER, audience: config.OIDC_AUDIENCE });
  const roles = new RoleDirectory(config.USER_URL, redis, log);
  const revocations = new Revocations(redis, log);
  const limits = new RateLimits(redis, config, log);
  const streams = new StreamLimits(redis, config.STREAMS_PER_ACCOUNT, config.STREAMS_PER_ADDRESS, log);
  const identity = new IdentitySigner(identitySigningKey(config.BAZAR_IDENTITY_SIGNING_KEY));
  const serviceUrls: Record<ServiceName, readonly string[]> = {
    catalog: config.CATALOG_URL,
    cart: config.CART_URL,
    order: config.ORDER_URL,
    user: config.USER_URL,
    media: config.MEDIA_URL,
  };
  const proxies = Object.fromEntries(Object.entries(serviceUrls).map(([name, url]) => [name, proxyTo(url, name, log)])) as Record<
    ServiceName,
    ReturnType<typeof proxyTo>
  >;

  const openApi = JSON.stringify(openApiDocument(config.OIDC_ISSUER, api));
  // The storefront calls the API from its own origin through nginx; no other site's pages may read it.
  // (Keycloak's login form, also passed through here, is a page of its own, not an API call.)
  const allowOrigin = cors({
    origin: config.STORE_ORIGIN,
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });
  const signIn = Router().all(SIGN_IN_PATH, ...signInGuard(config, redis, log));
  // cors answers every preflight; otherwise express's router answers an OPTIONS to a declared path
  // itself (an Allow header, no CORS headers) and the browser refuses the call
  const preflights = Router().options('/{*path}', allowOrigin);
  const gate = (rule: Gate) => authenticate(rule, { verifier, roles, revocations, limits, identity, log });
  const { endpoints, otherMethods } = declaredRoutes(api, allowOrigin, gate, proxies, streams.guard);
  const rest = Router()
    .use(allowOrigin)
    .get('/openapi.json', (_req, res) => void res.type('application/json').send(openApi))
    .use(docsPage())
    .use(otherMethods);
  return {
    routes: [signIn, preflights, endpoints, rest],
    consumers: forgetChangedRoles(roles),
    stop: () => {
      streams.stop();
      return limits.stop();
    },
  };
}
