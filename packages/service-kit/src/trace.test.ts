// W3C trace context in the kit, in process: parsing traceparent, and an app that answers with the
// trace, keeps request ids, and puts the trace id on every log line of a request, also after a
// JSON body was read and after awaits.
import { Writable } from 'node:stream';
import { Router } from 'express';
import request from 'supertest';
import { createApp, finishApp } from './http/app';
import { InternalClient } from './internal';
import { createLogger } from './logger';
import { continueTrace, currentTrace, outgoingTraceparent, parseTraceparent, runInTrace } from './trace';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads a valid version 00 header', () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, parentSpanId: SPAN });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ traceId: TRACE, parentSpanId: SPAN });
  });

  it('accepts a later version with more fields, as the spec asks', () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01-whatever`)).toEqual({ traceId: TRACE, parentSpanId: SPAN });
  });

  it.each([
    undefined,
    '',
    'garbage',
    `00-${TRACE}-${SPAN}`,
    `00-${TRACE.toUpperCase()}-${SPAN}-01`,
    `00-${'0'.repeat(32)}-${SPAN}-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `ff-${TRACE}-${SPAN}-01`,
    `00-${TRACE}-${SPAN}-01-extra`,
    `00-${TRACE}1-${SPAN}-01`,
    ['a', 'b'],
  ])('refuses %p', (value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it('continues a valid trace with a new span, or starts a new trace', () => {
    const continued = continueTrace(`00-${TRACE}-${SPAN}-01`);
    expect(continued).toEqual({ traceId: TRACE, spanId: expect.stringMatching(/^[0-9a-f]{16}$/), parentSpanId: SPAN });
    expect(continued.spanId).not.toBe(SPAN);
    const fresh = continueTrace('nonsense');
    expect(fresh.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.parentSpanId).toBeUndefined();
  });
});

describe('an app of the kit', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = createLogger('trace-test', 'info', sink);
  const app = createApp({ log });
  app.use(
    Router().post('/echo', async (req, res) => {
      log.info('before an await');
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info({ outgoing: outgoingTraceparent() }, 'after an await');
      res.json({ body: req.body as unknown, trace: currentTrace() });
    }),
  );
  finishApp(app);

  beforeEach(() => void (lines.length = 0));
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('continues the caller’s trace on every log line and answers with its own span', async () => {
    const answer = await request(app)
      .post('/echo')
      .set('traceparent', `00-${TRACE}-${SPAN}-01`)
      .set('x-request-id', 'req-1')
      .set('authorization', 'Bearer secret.token.here')
      .send({ rice: 5 });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('req-1');
    const { trace } = answer.body as { trace: { traceId: string; spanId: string; parentSpanId: string } };
    expect(trace).toMatchObject({ traceId: TRACE, parentSpanId: SPAN });
    expect(answer.headers.traceparent).toBe(`00-${TRACE}-${trace.spanId}-01`);
    expect(answer.body).toMatchObject({ body: { rice: 5 } });

    await settle();
    expect(lines.map((line) => [line.msg, line.traceId, line.spanId])).toEqual([
      ['before an await', TRACE, trace.spanId],
      ['after an await', TRACE, trace.spanId],
      ['request completed', TRACE, trace.spanId],
    ]);
    expect(lines[1]).toMatchObject({ outgoing: `00-${TRACE}-${trace.spanId}-01` });
    // one short line for the request: the caller's span, and no headers (so no token)
    expect(lines[2]).toMatchObject({ parentSpanId: SPAN, req: { id: 'req-1', method: 'POST', url: '/echo' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines[2])).not.toContain('secret.token.here');
  });

  it('starts a trace for a request without one, and logs a refused body in it', async () => {
    const answer = await request(app).post('/echo').set('content-type', 'application/json').send('{not json');
    expect(answer.status).toBe(400);
    const [, traceId] = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(String(answer.headers.traceparent)) ?? [];
    expect(traceId).toBeDefined();
    await settle();
    expect(lines).toEqual([expect.objectContaining({ msg: 'request completed', traceId })]);
  });

  it('has no trace outside a request', () => {
    log.info('idle');
    expect(lines[0]).not.toHaveProperty('traceId');
    expect(outgoingTraceparent()).toBeUndefined();
  });
});

describe('InternalClient', () => {
  const seen: (string | undefined)[] = [];
  const app = createApp({ log: createLogger('internal-test', 'silent') });
  app.get('/thing', (req, res) => void (seen.push(req.get('traceparent')), res.json({ ok: true })));
  finishApp(app);
  let server: ReturnType<typeof app.listen>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the current trace with the caller’s span as parent, and none outside a trace', async () => {
    const { port } = server.address() as { port: number };
    const client = new InternalClient(`http://127.0.0.1:${port}`, 'test');
    await runInTrace({ traceId: TRACE, spanId: SPAN }, () => client.get('/thing'));
    await client.get('/thing');
    expect(seen).toEqual([`00-${TRACE}-${SPAN}-01`, undefined]);
  });
});
