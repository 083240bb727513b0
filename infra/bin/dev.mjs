// `npm run dev` in a deployable: that slice from its sources, again on every change, inside the store
// that `npm start` runs. A service or the gateway takes the place of the stack's copy on the same
// port with the same settings (asked of the stack's control port), and hands it back on Ctrl-C; a
// storefront app is rebuilt on every change into the folder nginx serves, so a reload shows it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_NODE, ROOT, projectEnv } from './install.mjs';
import { isServerSlice, sliceOf } from './slices.mjs';

const CONTROL = 'http://127.0.0.1:4099/components';
const STACK = process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack');

/** A file of the running stack's, or undefined when there is none. */
const stackFile = (name) => {
  try {
    return readFileSync(path.join(STACK, name), 'utf8');
  } catch {
    return undefined;
  }
};

async function control(method, route) {
  const token = stackFile('control-token')?.trim();
  if (!token)
    throw new Error(
      'the store is not running with its control port: start it with `BAZAR_STACK_CONTROL=on npm start` in another terminal first',
    );
  const answer = await fetch(`${CONTROL}/${route}`, { method, headers: { authorization: `Bearer ${token}` } }).catch(() => {
    throw new Error('the store is not running: start it with `npm start` in another terminal first');
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error);
  return body;
}

/** Runs `args` in the slice's folder until it ends or Ctrl-C; resolves with its exit code. */
function run(slice, args, env) {
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), { cwd: path.join(ROOT, slice), stdio: 'inherit', env });
    process.on('SIGINT', () => child.kill('SIGINT'));
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('exit', (code) => resolve(code ?? 0));
  });
}

async function main() {
  const slice = sliceOf(process.argv[2] ?? '.');
  if (!isServerSlice(slice)) {
    console.log(`${slice}: rebuilt on every change into ${slice}/dist, which the running store serves; reload the page`);
    return run(slice, [PROJECT_NODE, path.join(ROOT, 'node_modules/.bin/webpack'), '--watch', '--mode', 'production'], projectEnv());
  }
  const name = path.basename(slice); // the stack names each service after its folder
  // the control port names the installation's secrets without sending them; they are read here
  const { env, secrets } = await control('GET', name);
  const installation = JSON.parse(stackFile('secrets.json') ?? '{}');
  for (const [key, secret] of Object.entries(secrets)) env[key] = installation[secret];
  await control('POST', `${name}/stop`);
  console.log(`${name}: the stack's copy stopped; running ${slice}/src/main.ts, restarted on every change (Ctrl-C hands it back)`);
  const code = await run(slice, [PROJECT_NODE, '--import', 'tsx', '--watch', 'src/main.ts'], projectEnv({ ...process.env, ...env }));
  await control('POST', `${name}/start`);
  console.log(`${name}: back with the stack`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm run dev: ${error.message}`);
    process.exit(1);
  },
);
