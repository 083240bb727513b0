// `npm run bench`: every benchmark under bench/, one after another, each in its own process against
// the running local stack (loopback only, each bounded in time), then bench/results.md and
// bench/results.png from the figures they printed. Start the store first (`npm start`). The hooks the
// benchmarks need of nginx (bench/nginx-hooks.ts) are added for the run and taken out after.
// `npm run bench -- --list` names the benchmarks and runs none.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stackControl } from '@bazar/testing';
import { readFigures, verdict, type Figure } from './figures';
import { cpuTimesNow, stolenShare, type HostShare } from './host-share';
import { hostSpeedNow } from './host-speed';
import { withBenchHooks } from './nginx-hooks';
import { speedText, stackAgeText, writeResults } from './results';

const BENCHES = [
  'catalog-read/run.ts',
  'catalog-browse/run.ts',
  'gateway-overhead/read.ts',
  'gateway-overhead/verify.ts',
  'order-flow/run.ts',
  // the admin's move to the shopper's open order stream, four moves in a row an order (issue 53)
  'order-stream/run.ts',
  // the order flow with one replica of everything, then with two (about two minutes)
  'replicas/run.ts',
  // what choosing a delivery slot adds to placing an order, every other order with one (issue 54)
  'delivery-slots/run.ts',
  'frontend/run.ts',
  'frontend/initial-js.ts',
  // Lighthouse, medians of 3 runs a page unless BENCH_ROUNDS_LIGHTHOUSE says otherwise (about 20 s a run)
  'frontend/lighthouse.ts',
];

/** Runs one benchmark, showing its output as it comes, and answers what it printed. */
function runBench(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, script)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--list')) {
    console.log(
      `The benchmarks, in the order npm run bench runs them (each also alone: node infra/bin/on-project-node.mjs node --import tsx bench/<script>):\n${BENCHES.join('\n')}`,
    );
    return;
  }
  const installer = pathToFileURL(join(__dirname, '..', 'infra', 'bin', 'install.mjs')).href;
  ((await import(installer)) as { prepareBench: () => void }).prepareBench();
  const figures: Figure[] = [];
  const failed: string[] = [];
  const stolen: HostShare[] = [];
  const stackAge = await stackControl.usage().then(
    (usage) => stackAgeText(Object.fromEntries(Object.entries(usage).map(([name, { startedAt }]) => [name, startedAt])), Date.now()),
    () => undefined,
  );
  if (stackAge) console.log(stackAge);
  await withBenchHooks(async () => {
    for (const script of BENCHES) {
      const speed = await hostSpeedNow();
      console.log(`\n=== ${script} (host speed: a fixed slice of work took ${speedText(speed)})\n`);
      const before = cpuTimesNow();
      const { code, output } = await runBench(script);
      const share = stolenShare(before, cpuTimesNow());
      console.log(`\nCPU time the host gave to others during ${script}: ${(share * 100).toFixed(0)}%`);
      stolen.push({ script, share, speed });
      if (code !== 0) failed.push(script);
      figures.push(...readFigures(output));
    }
  });
  await writeResults(figures, stolen, __dirname, stackAge);
  const missed = figures.filter((figure) => verdict(figure) === 'MISSED');
  console.log(`\n${figures.length} figures in bench/results.md and bench/results.png`);
  if (missed.length > 0) console.log(`targets missed: ${missed.map((figure) => `${figure.bench}: ${figure.name}`).join('; ')}`);
  if (failed.length > 0) {
    console.error(`benchmarks that failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

void main();
