import { KafkaEnv, RedisEnv, ServiceEnv, ServiceUrl } from '@bazar/service-kit';
import { z } from 'zod';

/** requests per minute */
const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const GatewayConfig = ServiceEnv.extend(KafkaEnv.shape)
  .extend(RedisEnv.shape)
  .extend({
    CATALOG_URL: ServiceUrl,
    CART_URL: ServiceUrl,
    ORDER_URL: ServiceUrl,
    USER_URL: ServiceUrl,
    MEDIA_URL: ServiceUrl,
    /** the storefront's origin: the only one whose pages may call the API from a browser (CORS) */
    STORE_ORIGIN: z.url().transform((origin) => new URL(origin).origin),
    OIDC_ISSUER: z.url(),
    OIDC_JWKS_URL: z.url(),
    OIDC_AUDIENCE: z.string().min(1),
    // Generous per address: shoppers on mobile networks share addresses behind carrier NAT.
    RATE_LIMIT_IP: perMinute(1200),
    RATE_LIMIT_IP_WRITES: perMinute(300),
    RATE_LIMIT_USER: perMinute(600),
    RATE_LIMIT_USER_WRITES: perMinute(60),
  });
export type GatewayConfig = typeof GatewayConfig._output;
