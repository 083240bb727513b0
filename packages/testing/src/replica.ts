// A second process of one of the store's services beside the stack's, for the tests that need two
// replicas at once or settings of their own: the same build, the stack's databases, broker and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { eventually, stackEnv } from './stack';

export interface ServiceReplica {
  url: string;
  /** the process's id, to read what it uses (/proc/<pid>/status) */
  pid: number;
  stop(): Promise<void>;
}

/** Starts `services/<service>` on `port` with the stack's connections and `settings` on top (its own
 *  neighbours' URLs, for one), and answers once it is ready. */
export async function startServiceReplica(service: string, port: number, settings: Record<string, string> = {}): Promise<ServiceReplica> {
  const main = path.resolve(__dirname, '../../../services', service, 'dist', 'main.js');
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      MONGO_URL: stackEnv.mongoUrl,
      MONGO_DB: service,
      KAFKA_BROKERS: stackEnv.kafkaBrokers.join(','),
      REDIS_URL: stackEnv.redisUrl,
      LOG_LEVEL: 'warn',
      BAZAR_IDENTITY_VERIFY_KEY: stackEnv.identityVerifyKey,
      BAZAR_SERVICE_VERIFY_KEY: stackEnv.serviceVerifyKey,
      // as the stack runs it: the order service calls the catalog's and the cart's internal routes
      ...(service === 'order' && { BAZAR_SERVICE_SIGNING_KEY: stackEnv.serviceSigningKey }),
      ...settings,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => expect((await fetch(`${url}/ready`)).status).toBe(200), 30_000, 200);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
