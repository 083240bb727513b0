// The order flow with one replica of everything and with two (issue 52), in the same run: the order
// bench's measured load (bench/order-flow, BENCH_ONLY_MEASURED) at 20 orders a second, after 30 s of
// warm-up, first with one process of each service and of the gateway started afresh, then with two
// (the control port scales it; the shoppers take the two gateways in turn, as nginx does), then back
// to one. The target:
// POST /orderplace p95 with two replicas at most 1.1 times the one-replica figure; the CPU time per
// order of every process is printed for both.
// Usage: node --import tsx bench/replicas/run.ts   (the stack must be up; see bench/README.md)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stackControl, stackEnv } from '@bazar/testing';
import { emitFigures, readFigures, type Figure } from '../figures';

const RATE = process.env.BENCH_REPLICAS_RATE ?? '20';
const DURATION = process.env.BENCH_REPLICAS_DURATION ?? '30';
/** Seconds of the same load before the measured ones, on processes just started. */
const WARMUP = process.env.BENCH_REPLICAS_WARMUP ?? '30';
const REPLICAS = 2;
/** Where replica n of the gateway listens (infra/stack/ports.ts replicaPort: 100 above the one before). */
const gatewayReplica = (n: number) => {
  const url = new URL(stackEnv.gatewayUrl);
  url.port = String(Number(url.port) + 100 * (n - 1));
  return url.origin;
};

/** One measured order flow against `gateways`; its figures and its CPU line. */
function orderFlow(gateways: string[]): Promise<{ figures: Figure[]; cpu: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'order-flow', 'run.ts')], {
      env: {
        ...process.env,
        BENCH_ONLY_MEASURED: '1',
        BENCH_RATE: RATE,
        BENCH_DURATION: DURATION,
        BENCH_WARMUP: WARMUP,
        BENCH_GATEWAYS: gateways.join(','),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the order flow against ${gateways.join(', ')} failed:\n${output}`));
      resolve({ figures: readFigures(output), cpu: output.split('\n').find((line) => line.startsWith('stack CPU time per order')) ?? '' });
    });
  });
}

const figureOf = (figures: Figure[], start: string) => {
  const found = figures.find((figure) => figure.name.startsWith(start));
  if (!found) throw new Error(`the order flow printed no figure '${start}'`);
  return found.value;
};

async function main(): Promise<void> {
  console.log(`order flow at ${RATE}/s for ${DURATION} s, with one replica of everything, then with ${REPLICAS}\n`);
  // both on processes started afresh and warmed alike: a process minutes old runs faster than a new one
  let one: Awaited<ReturnType<typeof orderFlow>>;
  let two: Awaited<ReturnType<typeof orderFlow>>;
  try {
    await stackControl.replicas(1);
    one = await orderFlow([stackEnv.gatewayUrl]);
    await stackControl.replicas(REPLICAS);
    two = await orderFlow(Array.from({ length: REPLICAS }, (_, at) => gatewayReplica(at + 1)));
  } finally {
    await stackControl.replicas(1);
  }
  const p95 = (run: { figures: Figure[] }) => figureOf(run.figures, 'POST /orderplace (placed, stock reserved) p95');
  const cpu = (run: { figures: Figure[] }) => figureOf(run.figures, 'stack CPU time per order');
  console.log(`one replica:  POST /orderplace p95 ${p95(one).toFixed(1)} ms; ${one.cpu}`);
  console.log(`${REPLICAS} replicas: POST /orderplace p95 ${p95(two).toFixed(1)} ms; ${two.cpu}`);
  const ratio = p95(two) / p95(one);
  console.log(`p95 with ${REPLICAS} replicas / with one: ${ratio.toFixed(2)} (at most 1.1: ${ratio <= 1.1 ? 'ok' : 'MISSED'})`);
  emitFigures([
    {
      bench: 'replicas',
      name: `POST /orderplace p95 at ${RATE}/s with ${REPLICAS} replicas of everything`,
      value: p95(two),
      unit: 'ms',
      baseline: { name: 'with one replica, same run', value: p95(one) },
      target: { on: 'ratio', op: '<=', limit: 1.1 },
    },
    {
      bench: 'replicas',
      name: `stack CPU time per order at ${RATE}/s with ${REPLICAS} replicas`,
      value: cpu(two),
      unit: 'ms',
      baseline: { name: 'with one replica, same run', value: cpu(one) },
    },
  ]);
}

main().catch((err: unknown) => {
  console.error(`replicas bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
