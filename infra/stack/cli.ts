/**
 * The local stack: `up` starts every component in order and stays in the foreground until Ctrl-C;
 * `exec -- <command>` runs a command against the stack (starting and stopping it around the command
 * unless one is already running); `status` tells which components answer; `start <name>` starts one
 * component in the background (after rebuilding a service); `seed [options]` seeds the running stack's
 * catalog again (`npm run seed -- --products 5000`); `down` stops a running `up`; `choose` says which
 * stack BAZAR_STACK asks for and stops when it cannot run here (stack-choice.ts).
 * With BAZAR_STACK=containers, `up` and `exec` run the stores and Keycloak in Docker (containers.ts).
 */
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { execa } from 'execa';
import {
  ALL,
  CONTAINERS,
  DEMO_ACCOUNTS,
  FAULT_PROXIES,
  IDENTITY_KEYS,
  INFRA,
  SECRETS,
  SEED,
  SERVICE_KEYS,
  STACK_ENV,
  replicasWanted,
  stackOf,
  writeNginxGateways,
  type Component,
} from './components.ts';
import type { StoreContainers } from './containers.ts';
import { chooseStack } from './stack-choice.ts';
import { Stack, isReady } from './runner.ts';
import { StackError } from './stack-error.ts';
import { CONTROL_SETTING, controlPortWanted, serveControlIfWanted } from './control.ts';
import { HOST, PORTS, WEB_URL } from './ports.ts';
import { stackPath } from './paths.ts';
import { usageByGroup } from './usage.ts';

const PID_FILE = stackPath('stack.pid');

// Imported from infra/keycloak/demo-users unless NODE_ENV=production.
const ACCOUNTS = `Demo accounts (local use only):
  admin    admin@bazar.test    / admin123
  shopper  shopper@bazar.test  / shopper123`;

/** The containers of BAZAR_STACK=containers while this process runs them. */
let storeContainers: StoreContainers | undefined;
/** Loaded only when containers are asked for, since it loads a Docker client. */
const containers = () => import('./containers.ts');
const dockerAnswers = async () => (await containers()).dockerAnswers();

async function startAll(stack: Stack, components: Component[]): Promise<void> {
  for (const component of components) {
    const started = Date.now();
    process.stdout.write(`  ${component.name.padEnd(9)} starting…`);
    await stack.start(component);
    process.stdout.write(` ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

/** The infrastructure, then with `store` the services, gateway, nginx and renderer (`replicas` of
 *  each service and of the gateway). With BAZAR_STACK=containers the stores' containers start after
 *  what runs natively beside them (the mail sink Keycloak sends to, the fault proxies Kafka
 *  advertises) and before the services. */
async function startStack(stack: Stack, { store, replicas }: { store: boolean; replicas: number }): Promise<void> {
  await startAll(stack, INFRA);
  if (CONTAINERS) {
    console.log('  in Docker (BAZAR_STACK=containers):');
    const { startStoreContainers } = await containers();
    storeContainers = await startStoreContainers((name, seconds) => console.log(`  ${name.padEnd(9)} ready in ${seconds.toFixed(1)} s`));
  }
  if (store) {
    const { APP, WEB } = stackOf(replicas);
    await startAll(stack, [...APP, ...WEB]);
  }
}

/** Serves the control port for a stack started with `replicas` when BAZAR_STACK_CONTROL=on asks for
 *  it (`npm test` does); its `scale` replaces the services and gateways with fresh processes, as many
 *  replicas as asked (the same number restarts them), then has nginx balance over the new gateways. */
function serveControlOf(stack: Stack, replicas: number, { store }: { store: boolean }) {
  let current = replicas;
  return serveControlIfWanted(process.env, {
    stack,
    containers: storeContainers,
    secrets: { ...SECRETS, ...IDENTITY_KEYS, ...SERVICE_KEYS },
    components: () => (store ? stackOf(current).ALL : INFRA),
    scale: async (count) => {
      if (!store) throw new StackError('This stack runs only the infrastructure (--infra)');
      const { APP: before } = stackOf(current);
      const { APP: after } = stackOf(replicasWanted([], { BAZAR_REPLICAS: String(count) }));
      const running = new Set(stack.names());
      // gateways first, so that nothing new arrives at the services while they go
      for (const component of [...before].reverse()) if (running.has(component.name)) await stack.stop(component.name);
      for (const component of after) await stack.start(component);
      await writeNginxGateways(count);
      stack.signal('nginx', 'SIGHUP');
      current = count;
      console.log(`  replicas  ${count} of each service and of the gateway`);
    },
  });
}

async function stopEverything(stack: Stack): Promise<void> {
  await stack.stopAll();
  await storeContainers?.stopAll();
  storeContainers = undefined;
}

const MiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function printMemory(stack: Stack): Promise<void> {
  const usage = await usageByGroup(stack.groups());
  const total = [...usage.values()].reduce((sum, { rssBytes }) => sum + rssBytes, 0);
  const parts = [...usage].map(([name, { rssBytes }]) => `${name} ${MiB(rssBytes)}`).join(', ');
  console.log(`Memory (RSS) of the stack: ${MiB(total)} (${parts})`);
}

/** The demo catalog; `options` are the seed's own (`--products 5000`, see services/catalog/src/seed.ts). */
async function seed(options: string[] = []): Promise<void> {
  const result = await execa(SEED.command, [...SEED.args, ...options], { env: SEED.env, reject: false, all: true });
  if (result.exitCode !== 0) throw new StackError(`The demo data seed failed:\n${result.all}`);
  console.log(`  seed      ${options.length > 0 ? `done (${options.join(' ')})` : 'demo catalog in place'}`);
}

async function allReady(components: Component[]): Promise<boolean> {
  const answers = await Promise.all(components.map(isReady));
  return answers.every(Boolean);
}

/** Serves the control port when the environment asks for it, or says that it is off. */
async function controlPortIfWanted(stack: Stack, replicas: number, options: { store: boolean }): Promise<void> {
  if (await serveControlOf(stack, replicas, options)) return;
  console.log(`The control port is off: the benchmarks, npm run dev and restarting a component need it (${CONTROL_SETTING}=on npm start).`);
}

/** Whether something answers on the control port (a running stack's, if it serves one). */
const controlPortListening = () =>
  fetch(`http://${HOST}:${PORTS.stackControl}/components`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

function stopOnSignals(stack: Stack, exitCode: () => number): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the stack…');
    await stopEverything(stack);
    await rm(PID_FILE, { force: true });
    process.exit(exitCode());
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function up(infraOnly: boolean, replicas: number): Promise<void> {
  const stack = new Stack((name, detail) => console.error(`\n${name} stopped unexpectedly (${detail})`));
  stopOnSignals(stack, () => 0);
  const started = Date.now();
  try {
    console.log(`Starting ${infraOnly ? 'the infrastructure' : 'the store'}:`);
    await startStack(stack, { store: !infraOnly, replicas });
    if (!infraOnly) await seed();
    await controlPortIfWanted(stack, replicas, { store: !infraOnly });
  } catch (error) {
    await stopEverything(stack);
    throw error;
  }
  await mkdir(stackPath(), { recursive: true });
  await writeFile(PID_FILE, String(process.pid));
  console.log(`\nEverything is up in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await printMemory(stack);
  if (!infraOnly) console.log(`\n  Bazar: ${WEB_URL}\n${DEMO_ACCOUNTS ? `\n${ACCOUNTS}\n` : ''}`);
  console.log('Press Ctrl-C to stop every process started here.');
  await new Promise(() => {});
}

async function exec(command: string[], replicas: number): Promise<number> {
  const [file, ...args] = command;
  if (!file) throw new StackError('exec needs a command: npm run stack -- exec -- <command>');
  const env = { ...process.env, ...STACK_ENV };
  // A running stack is used only when it is the kind asked for: the containers are this run's own.
  if (!CONTAINERS && (await allReady(ALL))) {
    console.log('Using the stack that is already running.');
    if (controlPortWanted(process.env) && !(await controlPortListening()))
      console.warn(
        `It runs without its control port (started without ${CONTROL_SETTING}=on): the tests that stop its components will fail.`,
      );
    return (await execa(file, args, { stdio: 'inherit', env, reject: false })).exitCode ?? 1;
  }
  if (FAULT_PROXIES && (await allReady(ALL.filter((component) => component.name !== 'toxiproxy'))))
    throw new StackError(
      'A stack started without fault proxies (npm start) is running, and the fault tests need them. ' +
        'Stop it (npm run stack -- down) and run npm test again, or run a part of the tests on it: ' +
        'npm run stack -- exec node infra/bin/test-phases.mjs <paths>',
    );
  const stack = new Stack((name, detail) => console.error(`\n${name} stopped unexpectedly (${detail})`));
  let code = 1;
  stopOnSignals(stack, () => code);
  try {
    console.log('Starting the stack for this run:');
    await startStack(stack, { store: true, replicas });
    await seed();
    await controlPortIfWanted(stack, replicas, { store: true });
    code = (await execa(file, args, { stdio: 'inherit', env, reject: false })).exitCode ?? 1;
  } finally {
    console.log('Stopping the stack…');
    await stopEverything(stack);
  }
  return code;
}

async function status(): Promise<void> {
  for (const component of ALL) {
    console.log(`${component.name.padEnd(9)} ${(await isReady(component)) ? 'ready' : 'down'}`);
  }
}

/** Starts single components in the background, e.g. a service just rebuilt while `up` runs the rest. */
async function startDetached(names: string[]): Promise<void> {
  const stack = new Stack(() => {});
  for (const name of names) {
    const component = ALL.find((candidate) => candidate.name === name);
    if (!component) throw new StackError(`No component named ${name}: one of ${ALL.map((c) => c.name).join(', ')}`);
    await stack.start(component, { detach: true });
    console.log(`${name} started (log: .stack/logs/${name}.log)`);
  }
}

async function down(): Promise<void> {
  const pid = Number(await readFile(PID_FILE, 'utf8').catch(() => ''));
  if (!pid) return console.log('No stack started by `npm start` is running.');
  process.kill(pid, 'SIGTERM');
  console.log(`Asked the stack (pid ${pid}) to stop.`);
}

/** The replicas asked for (`--replicas N`, else BAZAR_REPLICAS, else one), as a StackError when wrong. */
function replicasOf(args: string[]): number {
  try {
    return replicasWanted(args);
  } catch (error) {
    throw new StackError((error as Error).message);
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'up':
      await chooseStack(process.env, dockerAnswers);
      await up(rest.includes('--infra'), replicasOf(rest));
      return 0;
    case 'exec': {
      await chooseStack(process.env, dockerAnswers);
      const dashes = rest.indexOf('--');
      return exec(dashes >= 0 ? rest.slice(dashes + 1) : rest, replicasOf(dashes >= 0 ? rest.slice(0, dashes) : []));
    }
    case 'choose':
      console.log(`stack: ${await chooseStack(process.env, dockerAnswers)}`);
      return 0;
    case 'status':
      await status();
      return 0;
    case 'start':
      await startDetached(rest);
      return 0;
    case 'seed':
      await seed(rest[0] === '--' ? rest.slice(1) : rest);
      return 0;
    case 'down':
      await down();
      return 0;
    default:
      console.error(
        'usage: stack up [--infra] [--replicas N] | exec [--replicas N] -- <command> | status | start <component>... | seed [--products <n>] | down | choose',
      );
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof StackError ? `\n${error.message}` : error);
    process.exit(1);
  },
);
