// Runs one of the project's commands on the project's Node, the version in .nvmrc, whichever Node
// started npm: the machine's may be older than the tools need (the bench's undici asks Node for zstd,
// which Node 20 lacks). The package scripts (`npm run bench`, `check`, `stack`, `seed`, …) go through
// it, and `npm start` and `npm test` end in it.
//   node infra/bin/on-project-node.mjs <command> [args…]
// `node` as the command is the project's Node; any other command (npm, eslint, tsc) runs with the
// project's Node first on PATH, so that whatever it starts runs on it too. On a fresh clone the first
// command fetches that Node into .stack/node (and runs `npm ci` when there are no node modules yet).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { InstallError, PROJECT_NODE, prepareProjectNode, projectEnv } from './install.mjs';

/** Runs the command in the foreground and ends this process as it ends, with its exit code. Ctrl-C
 *  reaches the command from the terminal; a SIGTERM sent to this process alone is passed on. */
export function runOnProjectNode(command, args, options = {}) {
  process.on('SIGINT', () => {});
  const child = spawn(command === 'node' ? PROJECT_NODE : command, args, { stdio: 'inherit', env: projectEnv(), ...options });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node infra/bin/on-project-node.mjs <command> [args…]');
    process.exit(2);
  }
  try {
    prepareProjectNode();
  } catch (error) {
    if (!(error instanceof InstallError)) throw error;
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  runOnProjectNode(command, args);
}
