// `npm test`: install what is missing, build, run the static checks, start the real stack, run every jest test against it
// (infra/bin/jest-phases.mjs: the ordinary tests, then the fault tests alone), stop the stack.
// Extra arguments go to jest (`npm test -- services/catalog`).
import { spawn, spawnSync } from 'node:child_process';
import { InstallError, PROJECT_NODE, ROOT, prepare, projectEnv } from './install.mjs';

try {
  prepare();
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
// Lint, formatting and types first: they take seconds and need no stack.
if (spawnSync('npm', ['run', '--silent', 'check'], { cwd: ROOT, stdio: 'inherit', env: projectEnv() }).status !== 0) {
  console.error('\nnpm test stopped: fix what `npm run check` (ESLint, Prettier, tsc) reported above.');
  process.exit(1);
}
const jest = [PROJECT_NODE, 'infra/bin/jest-phases.mjs', ...process.argv.slice(2)];
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// The stack of a test run puts Toxiproxy between the services and their stores, for the fault tests.
const env = projectEnv({ ...process.env, BAZAR_FAULT_PROXIES: '1' });
spawn(PROJECT_NODE, ['--import', 'tsx', 'infra/stack/cli.ts', 'exec', '--', ...jest], { cwd: ROOT, stdio: 'inherit', env }).on(
  'exit',
  (code) => process.exit(code ?? 1),
);
