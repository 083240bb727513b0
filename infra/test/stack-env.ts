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

/** An access token of the user service's confidential client (client credentials grant). */
export async function serviceAccountToken(): Promise<string> {
  const response = await fetch(`${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'bazar-user-service',
      client_secret: stackEnv.userServiceClientSecret,
    }),
  });
  if (!response.ok) throw new Error(`Keycloak refused the client credentials: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
