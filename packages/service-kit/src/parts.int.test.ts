// The running store's deployables check the parts they take, and only those: /health names the
// database, Redis and Kafka of a service that takes them all, and none of Kafka for media (which
// sends no events) nor any part for the renderer (which takes none).
import { healthOf, stackEnv } from '@bazar/testing';

/** the stack's renderer (infra/stack/ports.ts) */
const RENDERER_URL = process.env.RENDERER_URL ?? 'http://127.0.0.1:4006';

test('a service taking every part checks them all', async () => {
  expect(Object.keys((await healthOf(stackEnv.catalogUrl)).checks).sort()).toEqual(['consumers', 'database', 'kafka', 'redis']);
});

test('media checks its database and Redis, and no Kafka', async () => {
  expect(await healthOf(stackEnv.mediaUrl)).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
});

test('the renderer checks no part', async () => {
  expect(await healthOf(RENDERER_URL)).toEqual({ status: 'ok', checks: {} });
});
