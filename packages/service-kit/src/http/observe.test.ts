// What the kit logs, traces and counts of a request, in process: a successful request is counted
// but not logged unless it is traced, sampled or slow; refusals and errors are logged with their
// request id and trace.
import { Writable } from 'node:stream';
import { Router } from 'express';
import request from 'supertest';
import { createLogger } from '../logger';
import { metricsRegistry } from '../metrics';
import { currentTrace } from '../trace';
import { createApp, finishApp, type AppOptions } from './app';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function appLogging(options: Omit<AppOptions, 'log'>) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({ log: createLogger('observe-test', 'info', sink), ...options });
  app.use(
    Router()
      .get('/observed/shelf', (req, res) => void res.json({ traced: currentTrace() !== undefined, body: req.body as unknown }))
      .post('/observed/shelf', (req, res) => void res.json({ body: req.body as unknown }))
      .get('/observed/broken', () => {
        throw new Error('boom');
      }),
  );
  finishApp(app);
  return { app, lines, settle: () => new Promise((resolve) => setImmediate(resolve)) };
}

const levels = (lines: Record<string, unknown>[]) => lines.map((line) => [line.level, line.msg]);

it('counts a successful untraced request without logging it or running it in a trace', async () => {
  const { app, lines, settle } = appLogging({ sampleRate: 0 });
  const answer = await request(app).get('/observed/shelf').set('x-request-id', 'quiet-1');
  expect(answer.body).toEqual({ traced: false });
  expect(answer.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  await settle();
  expect(lines).toEqual([]);
  expect(await metricsRegistry.metrics()).toMatch(/http_requests_total\{method="GET",route="\/observed\/shelf",status_code="200"\} [1-9]/);
});

it('logs and traces a request that arrives with a traceparent or is sampled', async () => {
  for (const [options, headers] of [
    [{ sampleRate: 0 }, { traceparent: TRACEPARENT }],
    [{ sampleRate: 1 }, {}],
  ] as const) {
    const { app, lines, settle } = appLogging(options);
    const answer = await request(app).get('/observed/shelf').set(headers);
    expect(answer.body).toEqual({ traced: true });
    await settle();
    expect(levels(lines)).toEqual([[30, 'request completed']]);
    expect(lines[0]).toMatchObject({ traceId: answer.headers.traceparent!.slice(3, 35), req: { method: 'GET', url: '/observed/shelf' } });
  }
});

it('logs refusals, errors with their request id, and slow answers', async () => {
  const { app, lines, settle } = appLogging({ sampleRate: 0 });
  expect((await request(app).get('/observed/nothing-here')).status).toBe(404);
  expect((await request(app).get('/observed/broken').set('x-request-id', 'broken-1')).status).toBe(500);
  await settle();
  expect(levels(lines)).toEqual([
    [30, 'request completed'],
    [50, 'request failed'],
    [50, 'request completed'],
  ]);
  expect(lines[1]).toMatchObject({ err: { message: 'boom' }, req: { id: 'broken-1' } });

  const slow = appLogging({ sampleRate: 0, slowRequestMs: 0 });
  await request(slow.app).get('/observed/shelf');
  await slow.settle();
  expect(levels(slow.lines)).toEqual([[40, 'request completed']]);
});

it('leaves a bodiless GET without a body and parses a POST’s JSON', async () => {
  const { app } = appLogging({ sampleRate: 0 });
  expect((await request(app).get('/observed/shelf')).body).toEqual({ traced: false });
  expect((await request(app).post('/observed/shelf').send({ rice: 5 })).body).toEqual({ body: { rice: 5 } });
});
