// Which of the clients under test (clients.ts) this machine runs, and loading one of them alone.
import type { ClientUnderTest } from './clients';

/** The clients this machine can run: the confluent one only where KAFKA_CONFLUENT_PATH names its
 *  build; of those, the ones BENCH_KAFKA_CLIENTS lists (comma-separated) if it is set. */
export function clientNames(): string[] {
  const chosen = process.env.BENCH_KAFKA_CLIENTS?.split(',');
  return ['kafkajs', 'platformatic', ...(process.env.KAFKA_CONFLUENT_PATH ? ['confluent'] : [])].filter(
    (name) => !chosen || chosen.includes(name),
  );
}

/** Loads only the library named, so that a process's memory is its own. */
export async function loadClient(name: string): Promise<ClientUnderTest> {
  const confluent = process.env.KAFKA_CONFLUENT_PATH;
  if (name === 'kafkajs') return (await import('./kafkajs-client.js')).kafkajsClient();
  if (name === 'platformatic') return (await import('./platformatic-client.js')).platformaticClient();
  if (name === 'confluent' && confluent) return (await import('./confluent-client.js')).confluentClient(confluent);
  throw new Error(`no client named ${name} here`);
}
