// `npm test`: install what is missing, build, run the static checks, start the real stack, run every jest test against it
// (infra/bin/test-phases.mjs: the ordinary tests, the browser tests, then the fault tests alone), stop the stack.
// BAZAR_STACK=containers npm test: the same, with Kafka, MongoDB, Redis and Keycloak in Docker containers
// (infra/stack/containers.ts).
//   npm test -- <jest arguments>        e.g. `npm test -- services/catalog`
//   npm test -- --slice <folder>        one deployable alone: its checks, its tests and the contracts'
//                                       (what each deployable's own `npm test` runs)
//   npm test -- --changed [<commit>]    the slices changed since <commit> (by default where the branch
//                                       left main); the full run when a change lies outside them
import { spawnSync } from 'node:child_process';
import { InstallError, PROJECT_NODE, ROOT, prepare, projectEnv } from './install.mjs';
import { runOnProjectNode } from './on-project-node.mjs';
import { CONTRACT_TESTS, checksOf, sliceOf, slicesChangedSince } from './slices.mjs';

/** The slices asked for, and the jest arguments left; no slices: the whole store. */
function parseArguments(args) {
  const slices = [];
  const rest = [];
  for (let at = 0; at < args.length; at++) {
    if (args[at] === '--slice') slices.push(sliceOf(args[++at] ?? ''));
    else if (args[at] === '--changed') {
      const base = args[at + 1] && !args[at + 1].startsWith('-') ? args[++at] : undefined;
      const changed = slicesChangedSince(base);
      if (changed === undefined) return { slices: [], rest, scope: 'everything: a change lies outside the slices' };
      if (changed.length === 0) return { slices: [], rest, scope: 'nothing changed', nothing: true };
      slices.push(...changed);
    } else rest.push(args[at]);
  }
  return { slices, rest, scope: slices.length > 0 ? `the slices ${slices.join(', ')} and the contracts` : 'everything' };
}

let plan;
try {
  plan = parseArguments(process.argv.slice(2));
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(2);
}
console.log(`npm test: ${plan.scope}`);
if (plan.nothing) process.exit(0);

try {
  prepare({ forTests: true });
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
// The stack BAZAR_STACK asks for (infra/stack/stack-choice.ts): containers without a Docker engine
// stop here, before the checks, rather than running on another stack.
if (
  spawnSync(PROJECT_NODE, ['--import', 'tsx', 'infra/stack/cli.ts', 'choose'], { cwd: ROOT, stdio: 'inherit', env: projectEnv() })
    .status !== 0
)
  process.exit(1);
// Lint, formatting and types first: they take seconds and need no stack.
const checks = plan.slices.length > 0 ? plan.slices.flatMap(checksOf) : [['npm', 'run', '--silent', 'check']];
for (const [command, ...args] of checks) {
  if (spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: projectEnv() }).status !== 0) {
    console.error(`\nnpm test stopped: fix what \`${[command, ...args].join(' ')}\` reported above.`);
    process.exit(1);
  }
}
const paths = plan.slices.length > 0 ? [...plan.slices, CONTRACT_TESTS] : [];
const jest = [PROJECT_NODE, 'infra/bin/test-phases.mjs', ...paths, ...plan.rest];
// The stack of a test run puts Toxiproxy between the services and their stores, for the fault tests,
// and serves its control port (infra/stack/control.ts), through which they stop its components: a
// stack started by npm start has none unless asked. Its nginx lets one address post the sign-in form
// 30 times a minute rather than 10: every browser of the run signs in from 127.0.0.1.
const env = projectEnv({
  ...process.env,
  BAZAR_FAULT_PROXIES: '1',
  BAZAR_STACK_CONTROL: 'on',
  BAZAR_SIGN_IN_POSTS_PER_MINUTE: process.env.BAZAR_SIGN_IN_POSTS_PER_MINUTE ?? '30',
});
runOnProjectNode('node', ['--import', 'tsx', 'infra/stack/cli.ts', 'exec', '--', ...jest], { cwd: ROOT, env });
