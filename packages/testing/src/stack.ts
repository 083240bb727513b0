/**
 * Where tests find the running stack. `npm test` exports these (infra/stack/components.ts STACK_ENV);
 * the defaults are the local ports, so `npx jest` works against a stack started by `npm start`.
 */
export const stackEnv = {
  webUrl: process.env.BAZAR_WEB_URL ?? 'http://localhost:8080',
  gatewayUrl: process.env.BAZAR_GATEWAY_URL ?? 'http://127.0.0.1:4000',
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  keycloakUrl: process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth',
  userServiceClientSecret: process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? 'bazar-user-service-secret',
};
