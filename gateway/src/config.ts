import { KafkaEnv, RedisEnv, ServiceEnv, ServiceUrl } from '@bazar/service-kit';
import { z } from 'zod';

export const GatewayConfig = ServiceEnv.extend(KafkaEnv.shape)
  .extend(RedisEnv.shape)
  .extend({
    CATALOG_URL: ServiceUrl,
    CART_URL: ServiceUrl,
    ORDER_URL: ServiceUrl,
    USER_URL: ServiceUrl,
    MEDIA_URL: ServiceUrl,
    OIDC_ISSUER: z.url(),
    OIDC_JWKS_URL: z.url(),
    OIDC_AUDIENCE: z.string().min(1),
  });
export type GatewayConfig = typeof GatewayConfig._output;
