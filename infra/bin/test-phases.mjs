// The three runs of `npm test`, inside the running stack: every ordinary jest test (two workers),
// the browser tests under Playwright Test (playwright.config.ts, two workers), then the fault and fuzz
// tests alone under jest, since they stop and kill parts of the stack that other tests use, or compare
// every database before and after and reset the gateway's rate limits.
// Arguments go to each run: paths and file names filter all three (`npm test -- services/order` runs
// that folder's tests of each kind), options go to jest only.
// The last line is the plain count of the runs together ("tests: N passed, N failed"), since CI
// reads a run's closing line and knows neither tool's own summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './install.mjs';

const args = process.argv.slice(2);
// A filter may match tests of one run only; that is no failure.
const filtered = args.length > 0;
const resultsDir = join(ROOT, 'test-results', 'runs');
mkdirSync(resultsDir, { recursive: true });

/** A run's status and counts from the results file it wrote; none when it stopped before writing it
 *  (a crash, a config error: its own output says why). */
function run(command, resultsFile, env, countsOf, failuresOf) {
  rmSync(resultsFile, { force: true });
  const { status } = spawnSync('npx', command, { stdio: 'inherit', env: { ...process.env, ...env } });
  try {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    return { status, ...countsOf(results), failures: failuresOf(results) };
  } catch {
    return { status: status === 0 ? 1 : status, passed: 0, failed: 0, skipped: 0, unrun: 0, failures: [] };
  }
}

/** The first lines of a failure, without colour codes or stack frames: enough to say what broke. */
const FAILURE_LINES = 25;
const firstLines = (message) =>
  stripVTControlCharacters(String(message))
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, FAILURE_LINES)
    .join('\n    ');

function jestRun(phase) {
  const resultsFile = join(resultsDir, `jest-${phase}.json`);
  const command = ['jest', '--ci', '--json', `--outputFile=${resultsFile}`, ...(filtered ? ['--passWithNoTests'] : []), ...args];
  return run(
    command,
    resultsFile,
    { BAZAR_TEST_PHASE: phase },
    (results) => ({
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests,
      unrun: results.numRuntimeErrorTestSuites,
    }),
    (results) =>
      results.testResults.flatMap((file) => [
        ...(file.assertionResults.length === 0 && file.message ? [`${file.name}\n    ${firstLines(file.message)}`] : []),
        ...file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${file.name} › ${test.fullName}\n    ${firstLines(test.failureMessages.join('\n'))}`),
      ]),
  );
}

function browserRun() {
  const resultsFile = join(resultsDir, 'playwright.json'); // playwright.config.ts writes it there
  const filters = args.filter((arg) => !arg.startsWith('-'));
  const command = ['playwright', 'test', ...(filtered ? ['--pass-with-no-tests'] : []), ...filters];
  return run(
    command,
    resultsFile,
    {},
    ({ stats, errors }) => ({
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      // errors outside any test: a file that could not be loaded, a beforeAll that threw with no test run
      unrun: errors.length,
    }),
    ({ suites, errors }) => {
      const failures = errors.map((error) => firstLines(error.message));
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests) {
            const last = test.results.at(-1);
            if (test.status === 'unexpected' && last)
              failures.push(`${spec.file} › ${spec.title}\n    ${firstLines(last.error?.message ?? last.status)}`);
          }
        }
        for (const inner of suite.suites ?? []) walk(inner);
      };
      for (const suite of suites) walk(suite);
      return failures;
    },
  );
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

const phases = [jestRun('ordinary'), browserRun(), jestRun('alone')];
if (phases.some((phase) => phase.status !== 0)) printFailedRequests();
// CI keeps the start and the end of a run's output: what failed is said again at the end, shortly
const failures = phases.flatMap((phase) => phase.failures);
if (failures.length > 0) console.log(`\nwhat failed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
const total = (key) => phases.reduce((sum, phase) => sum + phase[key], 0);
const skipped = total('skipped') > 0 ? `, ${total('skipped')} skipped` : '';
// A suite that failed before its tests ran (its beforeAll threw) counts no failed test in jest's totals.
const unrun = total('unrun') > 0 ? `, ${total('unrun')} test file(s) failed to run` : '';
console.log(`\ntests: ${total('passed')} passed, ${total('failed')} failed${skipped}${unrun}`);
process.exit(phases.every((phase) => phase.status === 0) ? 0 : 1);
