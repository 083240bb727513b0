// `npm start`: install what is missing, build, then run the whole store in the foreground.
import { InstallError, ROOT, prepare } from './install.mjs';
import { runOnProjectNode } from './on-project-node.mjs';

try {
  prepare();
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
// Ctrl-C reaches the stack process too; it stops every component and then exits, and so do we.
runOnProjectNode('node', ['--import', 'tsx', 'infra/stack/cli.ts', 'up'], { cwd: ROOT });
