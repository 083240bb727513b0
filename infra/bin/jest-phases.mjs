// The two jest runs of `npm test`, inside the running stack: every ordinary test (two workers),
// then the fault and fuzz tests alone, since they stop and kill parts of the stack that other tests
// use, or compare every database before and after and reset the gateway's rate limits.
// Arguments go to both runs (`npm test -- services/order` runs that folder's tests of each kind).
// The last line is the plain count of both runs together ("tests: N passed, N failed"), since CI
// reads a run's closing line and does not know jest's own summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';

const args = process.argv.slice(2);
// A filter may match tests of one phase only; that is no failure.
const filter = args.length > 0 ? ['--passWithNoTests'] : [];
const resultsDir = join(ROOT, 'test-results', 'jest');
mkdirSync(resultsDir, { recursive: true });

function runPhase(phase) {
  const resultsFile = join(resultsDir, `${phase}.json`);
  rmSync(resultsFile, { force: true });
  const { status } = spawnSync('npx', ['jest', '--ci', '--json', `--outputFile=${resultsFile}`, ...filter, ...args], {
    stdio: 'inherit',
    env: { ...process.env, BAZAR_TEST_PHASE: phase },
  });
  try {
    const { numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites } = JSON.parse(readFileSync(resultsFile, 'utf8'));
    return { status, passed: numPassedTests, failed: numFailedTests, skipped: numPendingTests, unrun: numRuntimeErrorTestSuites };
  } catch {
    // jest stopped before writing its results (a crash, a config error): its own output says why.
    return { status: status === 0 ? 1 : status, passed: 0, failed: 0, skipped: 0, unrun: 0 };
  }
}

/** The requests the services failed (500) during the run, from the stack's logs: a CI run keeps
 *  only this output, and a failed test's 500 is explained there. */
function printFailedRequests() {
  const logs = join(process.env.BAZAR_STACK_DIR ?? join(ROOT, '.stack'), 'logs');
  if (!existsSync(logs)) return;
  for (const file of readdirSync(logs).filter((name) => name.endsWith('.log'))) {
    const failed = readFileSync(join(logs, file), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"request failed"'))
      .map((line) => {
        const { time, req, err } = JSON.parse(line);
        return `  ${time} ${req?.method} ${req?.url}: ${err?.type ?? ''} ${err?.message ?? ''}`;
      });
    if (failed.length === 0) continue;
    console.log(`\n${file}: ${failed.length} request(s) failed with 500; the last ones:`);
    console.log(failed.slice(-5).join('\n'));
  }
}

const phases = [runPhase('ordinary'), runPhase('alone')];
if (phases.some((phase) => phase.status !== 0)) printFailedRequests();
const total = (key) => phases.reduce((sum, phase) => sum + phase[key], 0);
const skipped = total('skipped') > 0 ? `, ${total('skipped')} skipped` : '';
// A suite that failed before its tests ran (its beforeAll threw) counts no failed test in jest's totals.
const unrun = total('unrun') > 0 ? `, ${total('unrun')} test file(s) failed to run` : '';
console.log(`\ntests: ${total('passed')} passed, ${total('failed')} failed${skipped}${unrun}`);
process.exit(phases.every((phase) => phase.status === 0) ? 0 : 1);
