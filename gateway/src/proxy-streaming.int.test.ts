// How the gateway passes an answer on while it is still coming: a client that goes away cancels the
// call to the service, and a client that reads slowly holds the service back instead of the
// gateway taking the whole answer into its memory. A throwaway public endpoint, served by a
// service of the test's own, behind a gateway in this process (test/in-process.ts).
import http, { type Server, type ServerResponse } from 'node:http';
import { endpoint } from '@bazar/contracts';
import { eventually } from '@bazar/testing';
import express from 'express';
import { z } from 'zod';
import { listen, startGateway } from '../test/in-process';

const shelfStream = endpoint({
  method: 'get',
  path: '/shelf-stream/{kind}',
  summary: 'A long answer, for the test',
  service: 'catalog',
  access: 'public',
  params: z.strictObject({ kind: z.enum(['endless', 'large']) }),
  answers: { 200: { description: 'Bytes', schema: z.string() } },
});

const CHUNK = Buffer.alloc(64 * 1024, 'b');
const LARGE = 1024; // chunks: 64 MB

let service: Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;
/** What the service saw of its latest answer. */
const answer = { written: 0, closed: false };

/** Writes CHUNK after CHUNK, as fast as the connection takes them (waiting for 'drain'), `chunks`
 *  of them or until the call is cancelled. */
function writeChunks(res: ServerResponse, chunks: number): void {
  const next = () => {
    while (!res.destroyed && answer.written < chunks * CHUNK.length) {
      answer.written += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', next);
    }
    if (!res.destroyed) res.end();
  };
  next();
}

beforeAll(async () => {
  const app = express().get('/shelf-stream/:kind', (req, res) => {
    Object.assign(answer, { written: 0, closed: false });
    res.on('close', () => (answer.closed = true));
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    if (req.params.kind === 'large') writeChunks(res, LARGE);
    else {
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(CHUNK.subarray(0, 10))), 50);
    }
  });
  service = await listen(app);
  gateway = await startGateway(service, [shelfStream]);
});

afterAll(async () => {
  await gateway?.stop();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
});

/** A GET through the gateway whose answer is read only when the test says. */
function openAnswer(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${gateway.url}${path}`, { headers: { 'x-forwarded-for': '198.18.200.1' } }, (response) => {
      response.pause();
      resolve(response);
    });
    request.on('error', reject);
  });
}

it('cancels the call to the service when the client goes away mid-answer', async () => {
  const response = await openAnswer('/shelf-stream/endless');
  expect(response.statusCode).toBe(200);
  response.resume();
  await new Promise((resolve) => response.once('data', resolve));
  expect(answer.closed).toBe(false);
  response.destroy();
  await eventually(async () => expect(answer.closed).toBe(true), 5_000, 50);
});

it('holds a fast service back while its client reads slowly, then passes on every byte', async () => {
  const response = await openAnswer('/shelf-stream/large');
  // nothing read for a second: what the service wrote meanwhile is what the sockets' buffers on the
  // way hold (a few MB each on loopback), not the whole 64 MB in the gateway's memory
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const writtenWhileUnread = answer.written;
  let received = 0;
  response.on('data', (chunk: Buffer) => (received += chunk.length));
  response.resume();
  await new Promise((resolve) => response.once('end', resolve));
  expect(writtenWhileUnread).toBeLessThan((LARGE * CHUNK.length) / 2);
  expect(received).toBe(LARGE * CHUNK.length);
});
