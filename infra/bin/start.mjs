// `npm start`: install what is missing, build, then run the whole store in the foreground.
import { spawn } from 'node:child_process';
import { InstallError, PROJECT_NODE, ROOT, prepare, projectEnv } from './install.mjs';

try {
  prepare();
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
// Ctrl-C reaches the stack process too; it stops every component and then exits, and so do we.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
spawn(PROJECT_NODE, ['--import', 'tsx', 'infra/stack/cli.ts', 'up'], { cwd: ROOT, stdio: 'inherit', env: projectEnv() }).on(
  'exit',
  (code) => process.exit(code ?? 1),
);
