// kafkajs against its successors on the stack's broker (docs/decisions/kafka-client.md): for each
// client, in a process of its own, the throughput of the outbox's way of producing and of a
// consumer group's way of reading, with CPU and memory, over alternating rounds; then the checks of
// the behaviour our tests rely on (redelivery, a poison message, lag through the admin API, the
// broker away at start and mid-stream on a throwaway broker).
// Usage: (cd bench/kafka-clients && npm ci) once, then
//   node --import tsx bench/kafka-clients/run.ts
//   KAFKA_CONFLUENT_PATH=<folder of a built @confluentinc/kafka-javascript> adds that client.
//   BENCH_MESSAGES (20,000), BENCH_ROUNDS (2), BENCH_KAFKA_CHECKS=0 to skip the checks,
//   BENCH_KAFKA_CLIENTS=kafkajs,platformatic to choose clients.
// Loopback only; every topic has a fresh name and is deleted at the end (and with it the broker
// drops the bench's consumer groups).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { emitFigures, type Figure } from '../figures';
import { createTopic, deleteTopics } from './bench-topics';
import { clientNames } from './choose-client';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback) || fallback, 1), max);
const MESSAGES = bounded('BENCH_MESSAGES', 20_000, 100_000);
const ROUNDS = bounded('BENCH_ROUNDS', 2, 5);
const CHECKS = process.env.BENCH_KAFKA_CHECKS !== '0';
const CHILD_LIMIT_MS = 5 * 60_000;

const brokers = [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'];
const topics: string[] = [];

async function newTopic(purpose: string, numPartitions: number): Promise<string> {
  const topic = `bench-kafka-clients-${purpose}-${randomUUID()}`;
  topics.push(topic);
  await createTopic(brokers, topic, numPartitions);
  return topic;
}

/** Runs measure.ts in a process of its own and answers the JSON it printed last. */
function measure(...args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'measure.ts'), ...args], {
      cwd: __dirname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(limit);
      const last = output.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(JSON.parse(last) as Record<string, unknown>);
      else reject(new Error(`measure ${args.join(' ')} ended with ${code}: ${last}`));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const clients = clientNames();
  console.log(
    `clients: ${clients.join(', ')}; ${MESSAGES} messages, ${ROUNDS} rounds; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const runs: Record<string, unknown>[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++)
      for (const name of clients) {
        const run = await measure('throughput', name, await newTopic('throughput', 3), String(MESSAGES));
        console.log(`round ${round} ${JSON.stringify(run)}`);
        runs.push(run);
      }
    if (CHECKS)
      for (const name of clients) {
        // one client's failure to finish its checks is a finding: the others still run
        const checked = await measure('checks', name, await newTopic('redelivery', 1), await newTopic('poison', 1)).catch(
          (error: unknown) => ({ client: name, unfinished: String(error) }),
        );
        console.log(`checks ${JSON.stringify(checked)}`);
      }
  } finally {
    await deleteTopics(brokers, topics).catch((error: unknown) => console.error('topics left behind:', topics, error));
  }
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const figures: Figure[] = [];
  const of = (name: string, key: string) => median(runs.filter((r) => r.client === name).map((r) => Number(r[key])));
  for (const name of clients) {
    for (const [key, unit] of [
      ['producePerS', 'msg/s'],
      ['consumePerS', 'msg/s'],
      ['produceCpuMsPer1000', 'ms CPU / 1,000 msg'],
      ['consumeCpuMsPer1000', 'ms CPU / 1,000 msg'],
      ['idleCpuMsPerS', 'ms CPU / s idle'],
      ['peakRssMb', 'MB'],
    ] as const) {
      const figure: Figure = { bench: 'kafka-clients', name: `${name} ${key}`, value: of(name, key), unit };
      if (name !== 'kafkajs') figure.baseline = { name: `kafkajs ${key}`, value: of('kafkajs', key) };
      figures.push(figure);
    }
  }
  emitFigures(figures);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
