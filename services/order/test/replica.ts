// A second order service process beside the stack's, for the tests that need two replicas at once or
// settings of their own (a short hold window): the same build, the same databases and topics.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { eventually, stackEnv } from '@bazar/testing';

export interface OrderReplica {
  url: string;
  stop(): Promise<void>;
}

export async function startOrderReplica(port: number, settings: Record<string, string> = {}): Promise<OrderReplica> {
  const main = path.resolve(__dirname, '..', 'dist', 'main.js');
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      MONGO_URL: stackEnv.mongoUrl,
      MONGO_DB: 'order',
      KAFKA_BROKERS: stackEnv.kafkaBrokers.join(','),
      REDIS_URL: stackEnv.redisUrl,
      CATALOG_URL: stackEnv.catalogUrl,
      CART_URL: stackEnv.cartUrl,
      LOG_LEVEL: 'warn',
      ...settings,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => expect((await fetch(`${url}/ready`)).status).toBe(200), 30_000, 200);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
