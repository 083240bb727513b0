/** Retries an assertion until it passes or the time is up, for effects that travel through Kafka. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

export const STACK = {
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  gatewayUrl: process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000',
  catalogUrl: process.env.CATALOG_URL ?? 'http://127.0.0.1:4001',
  cartUrl: process.env.CART_URL ?? 'http://127.0.0.1:4002',
  orderUrl: process.env.ORDER_URL ?? 'http://127.0.0.1:4003',
  keycloakUrl: process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth',
};
