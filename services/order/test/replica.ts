// A second order service process beside the stack's, for the tests that need two replicas at once or
// settings of their own (a short hold window).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eventually, startServiceReplica, stackEnv, type ServiceReplica } from '@bazar/testing';

export type OrderReplica = ServiceReplica;

export const startOrderReplica = (port: number, settings: Record<string, string> = {}) =>
  startServiceReplica('order', port, { CATALOG_URL: stackEnv.catalogUrl, CART_URL: stackEnv.cartUrl, ...settings });

/** A line the order service logged (pino's JSON), with what the tests read of it. */
export interface OrderLogLine {
  msg?: string;
  traceId?: string;
  req?: { method: string; url: string };
  dbCommands?: Record<string, number>;
  [field: string]: unknown;
}

export interface LoggedOrderReplica extends OrderReplica {
  /** every line it has logged so far, at `info` and above (a traced request's `dbCommands` with it) */
  readonly lines: OrderLogLine[];
  /** ends it as a crash does (SIGKILL): nothing of its own stopping runs */
  kill(): Promise<void>;
}

/** An order service process as `startOrderReplica`'s, whose log the test reads; answered once it has
 *  begun (`ready: false`, to end it before it is ready) or once it is ready. */
export async function startLoggedOrderReplica(
  port: number,
  settings: Record<string, string> = {},
  { ready = true } = {},
): Promise<LoggedOrderReplica> {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      MONGO_URL: stackEnv.mongoUrl,
      MONGO_DB: 'order',
      KAFKA_BROKERS: stackEnv.kafkaBrokers.join(','),
      REDIS_URL: stackEnv.redisUrl,
      CATALOG_URL: stackEnv.catalogUrl,
      CART_URL: stackEnv.cartUrl,
      LOG_LEVEL: 'info',
      BAZAR_IDENTITY_VERIFY_KEY: stackEnv.identityVerifyKey,
      BAZAR_SERVICE_VERIFY_KEY: stackEnv.serviceVerifyKey,
      BAZAR_SERVICE_SIGNING_KEY: stackEnv.serviceSigningKey,
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: OrderLogLine[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as OrderLogLine);
    } catch {
      // not a log line
    }
  });
  const url = `http://127.0.0.1:${port}`;
  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await once(child, 'exit');
  };
  const replica: LoggedOrderReplica = {
    url,
    pid: child.pid!,
    lines,
    stop: () => ended('SIGTERM'),
    kill: () => ended('SIGKILL'),
  };
  if (ready) await eventually(async () => expect((await fetch(`${url}/ready`)).status).toBe(200), 30_000, 200);
  return replica;
}
