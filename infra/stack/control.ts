/**
 * The stack's control port, for the fault tests, the benchmarks and `npm run dev`: they stop a
 * component (gracefully or with SIGKILL), start it again and change how many replicas run, through
 * the process that supervises the stack, so that it stays supervised and is stopped with the rest.
 * Served by `up` and by `exec` while it runs the stack. With BAZAR_STACK=containers, the stores'
 * containers are stopped and started here under their names too (containers.ts).
 *
 *   POST /components/{name}/stop[?signal=SIGKILL]   → 200 { stopped }
 *   POST /components/{name}/start                   → 200 { started } once it is ready again
 *   POST /replicas?count=N                          → 200 { replicas }: N fresh processes of each
 *                                                     service and of the gateway, nginx balancing over
 *                                                     the gateways
 *   GET  /components                                → 200 { running: [...] }
 *   GET  /components/{name}                         → 200 { name, env, secrets }: how the stack runs it,
 *                                                     for `npm run dev` to run it in its place; the
 *                                                     installation's secrets are left out of `env` and
 *                                                     named in `secrets` (env variable → name in
 *                                                     .stack/secrets.json), for the caller to read there
 *   GET  /usage                                     → 200 { name: { rssBytes, cpuMs, startedAt } }
 *
 * Who may ask: only a process that can read this run's token (`.stack/control-token`, mode 0600,
 * new at every start), sent as `Authorization: Bearer <token>`. It listens on loopback, answers only
 * to its own Host (so a page served elsewhere cannot reach it through DNS rebinding) and refuses any
 * request with an Origin (a browser's cross-site request, even a no-cors POST).
 *
 * When: only with BAZAR_STACK_CONTROL=on (controlPortWanted), which `npm test` sets for the stack of
 * its run; a store started with plain `npm start` runs without it (issue 53: a port that can stop
 * the store listens only while something needs it). The benchmarks, `npm run dev` and restarting a
 * component by hand need it: `BAZAR_STACK_CONTROL=on npm start`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { chmod, rm, writeFile } from 'node:fs/promises';
import type { Component } from './components.ts';
import type { StoreContainers } from './containers.ts';
import { stackPath } from './paths.ts';
import { HOST, PORTS } from './ports.ts';
import type { Stack } from './runner.ts';
import { usageByGroup } from './usage.ts';

/** Where the running stack keeps its control token (packages/testing and infra/bin/dev.mjs read it). */
export const CONTROL_TOKEN_FILE = stackPath('control-token');

/** The setting that has a stack serve its control port: `on`, and nothing else, turns it on. */
export const CONTROL_SETTING = 'BAZAR_STACK_CONTROL';

/** Whether a stack started with `env` serves its control port. */
export function controlPortWanted(env: Record<string, string | undefined>): boolean {
  return env[CONTROL_SETTING] === 'on';
}

/** What the control port acts on: the stack, its components as they are now, and how to scale it. */
export interface Controlled {
  stack: Stack;
  components(): Component[];
  /** Runs `count` replicas of each service and of the gateway; resolves once they are ready. */
  scale(count: number): Promise<void>;
  containers?: StoreContainers;
  /** the installation's secrets (secrets.ts), by name: never sent, only named */
  secrets: Record<string, string>;
}

/** Where the control port listens and keeps its token: the stack's own, or a test's. */
export interface ControlPlace {
  port: number;
  tokenFile: string;
}
const STACK_PLACE: ControlPlace = { port: PORTS.stackControl, tokenFile: CONTROL_TOKEN_FILE };

/** Why a request may not use the control port, or undefined when it may. */
function refusal(
  req: IncomingMessage,
  token: Buffer,
  { hosts, tokenFile }: { hosts: Set<string>; tokenFile: string },
): { status: number; error: string } | undefined {
  if (!hosts.has(req.headers.host ?? '')) return { status: 403, error: 'The control port answers only to its own address' };
  if (req.headers.origin !== undefined) return { status: 403, error: 'The control port takes no requests from web pages' };
  const sent = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
  if (sent.length !== token.length || !timingSafeEqual(sent, token))
    return { status: 401, error: `Send this run's control token (${tokenFile}) as a Bearer token` };
  return undefined;
}

/** Serves the control port of `controlled` when `env` asks for it (controlPortWanted), and answers
 *  its server; otherwise removes an earlier run's token, which no port answers any more, and answers
 *  undefined. */
export async function serveControlIfWanted(
  env: Record<string, string | undefined>,
  controlled: Controlled,
  place: ControlPlace = STACK_PLACE,
): Promise<Server | undefined> {
  if (controlPortWanted(env)) return serveControl(controlled, place);
  await rm(place.tokenFile, { force: true });
  return undefined;
}

export async function serveControl(controlled: Controlled, { port, tokenFile }: ControlPlace = STACK_PLACE): Promise<Server> {
  const { stack, containers } = controlled;
  const hosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const token = randomBytes(32).toString('base64url');
  await writeFile(tokenFile, `${token}\n`, { mode: 0o600 });
  await chmod(tokenFile, 0o600); // a file left by an earlier run keeps its mode otherwise
  const tokenBytes = Buffer.from(token);
  const secretNames = new Map(Object.entries(controlled.secrets).map(([name, value]) => [value, name]));

  // One change at a time: a start racing a stop of the same component would leave it in doubt.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>) => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  const findComponent = (name: string) => controlled.components().find((candidate) => candidate.name === name);

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const refused = refusal(req, tokenBytes, { hosts, tokenFile });
    if (refused) return answer(refused.status, { error: refused.error });
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (req.method === 'GET' && url.pathname === '/components')
      return answer(200, { running: [...stack.names(), ...(containers?.names() ?? [])] });
    if (req.method === 'GET' && url.pathname === '/usage') {
      return void usageByGroup(stack.groups()).then((usage) => answer(200, Object.fromEntries(usage)));
    }
    const described = /^\/components\/([a-z]+(?:-\d)?)$/.exec(url.pathname);
    if (req.method === 'GET' && described) {
      const component = findComponent(described[1]!);
      if (!component) return answer(404, { error: `No component named ${described[1]}` });
      const env: Record<string, string> = {};
      const secrets: Record<string, string> = {};
      for (const [key, value] of Object.entries(component.env ?? {})) {
        const secret = secretNames.get(value);
        if (secret) secrets[key] = secret;
        else env[key] = value;
      }
      return answer(200, { name: component.name, env, secrets });
    }
    if (req.method === 'POST' && url.pathname === '/replicas') {
      const count = Number(url.searchParams.get('count'));
      if (!Number.isInteger(count) || count < 1) return answer(400, { error: 'count must be a whole number of replicas, 1 or more' });
      return void serially(() => controlled.scale(count)).then(
        () => answer(200, { replicas: count }),
        (error: unknown) => answer(409, { error: error instanceof Error ? error.message : String(error) }),
      );
    }

    const match = /^\/components\/([a-z]+(?:-\d)?)\/(stop|start)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return answer(404, { error: 'Not a control route' });
    const [, name = '', action] = match;
    const signal = url.searchParams.get('signal') === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM';
    const component = findComponent(name);
    let work: () => Promise<void>;
    if (containers?.names().includes(name)) work = action === 'stop' ? () => containers.stop(name, signal) : () => containers.start(name);
    else if (component) work = action === 'stop' ? () => stack.stop(name, signal) : () => stack.start(component);
    else return answer(404, { error: `No component named ${name}` });
    serially(work).then(
      () => answer(200, { [action === 'stop' ? 'stopped' : 'started']: name }),
      (error: unknown) => answer(409, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(server.unref()));
  });
}
