// The live stream of order status changes through the gateway: a visitor and a made-up token are
// refused; a signed-in shopper gets an event stream that stays open, unbuffered.
import { randomInt } from 'node:crypto';
import { createAccount, signedInAndSynced, stackEnv } from '@bazar/testing';

const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const open = (headers: Record<string, string>, signal?: AbortSignal) =>
  fetch(`${stackEnv.gatewayUrl}/orders/live`, { headers: { ...from, ...headers }, signal });

it('refuses a visitor and a token it cannot verify', async () => {
  expect((await open({})).status).toBe(401);
  expect((await open({ authorization: 'Bearer not.a.token' })).status).toBe(401);
});

it('opens a shopper’s stream and keeps it open', async () => {
  const token = await signedInAndSynced(await createAccount('listener'));
  const abort = new AbortController();
  const answer = await open({ authorization: `Bearer ${token}` }, abort.signal);
  try {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(': connected\n\n');
    // until an order moves only keep-alive comments come (one may fall due at any moment: the
    // heartbeat is shared by every listener), and the answer has not ended
    const quiet = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 500));
    for (;;) {
      const next = await Promise.race([reader.read(), quiet]);
      if (next === 'still open') break;
      expect(next.done).toBe(false);
      expect(new TextDecoder().decode(next.value)).toMatch(/^(: [^\n]*\n\n)+$/);
    }
  } finally {
    abort.abort();
  }
});
