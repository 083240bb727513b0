/**
 * The stack's control port, for the fault tests: they stop a component (gracefully or with
 * SIGKILL) and start it again through the process that supervises the stack, so that it stays
 * supervised and is stopped with the rest. Loopback only; served by `up` and by `exec` while it
 * runs the stack. With BAZAR_STACK=containers, the stores' containers are stopped and started here
 * under their names too (containers.ts).
 *
 *   POST /components/{name}/stop[?signal=SIGKILL]   → 200 { stopped }
 *   POST /components/{name}/start                   → 200 { started } once it is ready again
 *   GET  /components                                → 200 { running: [...] }
 *   GET  /components/{name}                         → 200 { name, env }: how the stack runs it, for
 *                                                     `npm run dev` to run it in its place
 *   GET  /usage                                     → 200 { name: { rssBytes, cpuMs, startedAt } }:
 *                                                     for the benchmarks' CPU time per request,
 *                                                     and how long the store had run before them
 */
import { createServer, type Server } from 'node:http';
import type { Component } from './components.ts';
import type { StoreContainers } from './containers.ts';
import { HOST, PORTS } from './ports.ts';
import type { Stack } from './runner.ts';
import { usageByGroup } from './usage.ts';

export function serveControl(stack: Stack, components: Component[], containers?: StoreContainers): Promise<Server> {
  // One change at a time: a start racing a stop of the same component would leave it in doubt.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>) => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (req.method === 'GET' && url.pathname === '/components')
      return answer(200, { running: [...stack.names(), ...(containers?.names() ?? [])] });
    if (req.method === 'GET' && url.pathname === '/usage') {
      return void usageByGroup(stack.groups()).then((usage) => answer(200, Object.fromEntries(usage)));
    }
    const described = /^\/components\/([a-z]+)$/.exec(url.pathname);
    if (req.method === 'GET' && described) {
      const component = components.find((candidate) => candidate.name === described[1]);
      return component
        ? answer(200, { name: component.name, env: component.env ?? {} })
        : answer(404, { error: `No component named ${described[1]}` });
    }

    const match = /^\/components\/([a-z]+)\/(stop|start)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return answer(404, { error: 'Not a control route' });
    const [, name = '', action] = match;
    const signal = url.searchParams.get('signal') === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM';
    const component = components.find((candidate) => candidate.name === name);
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
    server.listen(PORTS.stackControl, HOST, () => resolve(server.unref()));
  });
}
