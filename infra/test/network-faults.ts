// The Toxiproxy of a test run's stack (FAULT_PROXIES in infra/stack/components.ts), between the
// services and Kafka, Redis and the database: the fault tests slow those connections down or cut them.
import { stackEnv } from '@bazar/testing';

export type ProxiedComponent = 'kafka' | 'redis' | 'database';

async function toxiproxy(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${stackEnv.toxiproxyUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  }).catch((error: unknown) => {
    throw new Error(
      `No Toxiproxy answers at ${stackEnv.toxiproxyUrl}: this stack runs without fault proxies (npm start); npm test starts one with them (BAZAR_FAULT_PROXIES=1)`,
      { cause: error },
    );
  });
  if (!response.ok) throw new Error(`toxiproxy ${path}: ${response.status} ${await response.text()}`);
}

export const networkFaults = {
  /** Every answer from the component reaches the services `ms` later. */
  delay: (component: ProxiedComponent, ms: number) =>
    toxiproxy(`/proxies/${component}/toxics`, {
      name: `${component}-delay`,
      type: 'latency',
      stream: 'downstream',
      attributes: { latency: ms },
    }),
  /** Closes the services' connections to the component and refuses new ones. */
  cut: (component: ProxiedComponent) => toxiproxy(`/proxies/${component}`, { enabled: false }),
  /** Every connection open again, with no delay. */
  heal: () => toxiproxy('/reset'),
};
