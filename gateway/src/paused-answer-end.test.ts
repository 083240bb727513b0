// The proxy (proxy.ts) pauses undici while its client catches up, and a service may close its
// connection right after an answer (`Connection: close`). When the pause fell on an answer's last
// bytes and the service's FIN came meanwhile, undici 7 failed an assertion in its socket's 'end'
// handler (`assert(!this.paused)`, nodejs/undici#5360), which nothing can catch: the gateway died
// during a browser test run and every later request got nginx's 502. undici 8 finishes the answer.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const BODY = Buffer.alloc(64 * 1024, 'a');

let service: Server;
beforeAll(async () => {
  service = createServer((socket) =>
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`);
      socket.end(BODY);
    }),
  );
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => service.close(resolve)));

test('an answer paused on its last bytes while the service closes the connection is finished, whole', async () => {
  const pool = new Pool(`http://127.0.0.1:${(service.address() as AddressInfo).port}`);
  const outcome = await new Promise<{ received: number; error?: Error }>((resolve) => {
    let received = 0;
    pool.dispatch(
      { path: '/', method: 'GET' },
      {
        onRequestStart: () => undefined,
        onResponseStart: () => undefined,
        onResponseData(controller, chunk: Buffer) {
          received += chunk.length;
          // as the proxy does when its client's socket is full, here on the answer's last piece
          if (received === BODY.length) {
            controller.pause();
            setTimeout(() => controller.resume(), 300);
          }
        },
        onResponseEnd: () => resolve({ received }),
        onResponseError: (_controller, error) => resolve({ received, error }),
      },
    );
  });
  await pool.close();
  expect(outcome).toEqual({ received: BODY.length });
});
