import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import { authenticate, roleFromToken } from './auth/authenticate';
import { TokenVerifier } from './auth/token-verifier';
import type { GatewayConfig } from './config';
import { proxyTo } from './proxy';
import { ROUTES, type ServiceName } from './routes/table';

export function wireGateway({ config, log }: ServiceContext<GatewayConfig>): Wiring {
  const verifier = new TokenVerifier({ jwksUri: config.OIDC_JWKS_URL, issuer: config.OIDC_ISSUER, audience: config.OIDC_AUDIENCE });
  const serviceUrls: Record<ServiceName, string> = {
    catalog: config.CATALOG_URL,
    cart: config.CART_URL,
    order: config.ORDER_URL,
    user: config.USER_URL,
    media: config.MEDIA_URL,
  };
  const proxies = Object.fromEntries(Object.entries(serviceUrls).map(([name, url]) => [name, proxyTo(url, name, log)])) as Record<ServiceName, ReturnType<typeof proxyTo>>;

  const routes = Router();
  for (const route of ROUTES) {
    routes.all(route.path, authenticate(route, { verifier, roleOf: roleFromToken, log }), proxies[route.service]);
  }
  return { routes };
}
