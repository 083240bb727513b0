// The live stream of order status changes through the gateway: a visitor and a made-up token are
// refused; a signed-in shopper gets an event stream that stays open, unbuffered, until the rights it
// was opened with end (demoted, deleted, its identity expired); an account and an address hold a
// few streams at most (issue 53).
import { randomInt, randomUUID } from 'node:crypto';
import { IDENTITY_TOKEN } from '@bazar/contracts';
import { identitySigningKey } from '@bazar/service-kit/http';
import {
  ACCOUNTS,
  createAccount,
  createAdminAccount,
  deleteStoreAccount,
  eventually,
  gatewayCall,
  signIn,
  signedInAndSynced,
  stackEnv,
} from '@bazar/testing';
import jwt from 'jsonwebtoken';

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
    // the stream's opening message (its position; a first stream has nothing to catch up with),
    // then, until an order moves, only keep-alive comments (one may fall due at any moment: the
    // heartbeat is shared by every listener), and the answer has not ended
    let text = '';
    const quiet = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 500));
    for (;;) {
      const next = await Promise.race([reader.read(), quiet]);
      if (next === 'still open') break;
      expect(next.done).toBe(false);
      text += new TextDecoder().decode(next.value);
    }
    expect(text).toMatch(
      /^: connected\n\n(: [^\n]*\n\n)*event: order-stream-opened\nid: \d+-\d+\ndata: \{"resumed":false\}\n\n(: [^\n]*\n\n)*$/,
    );
  } finally {
    abort.abort();
  }
});

/** An open stream, read as it comes: `ended` settles when the server ends it (or after `ms`). */
function reading(answer: Response) {
  const reader = answer.body!.getReader();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  })();
  return {
    text: () => text,
    /** the time (ms) until the server ended the stream, or 'still open' after `ms` */
    endsWithin: async (ms: number): Promise<number | 'still open'> => {
      const started = Date.now();
      const timer = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref());
      const outcome = await Promise.race([ended, timer]);
      return outcome === 'still open' ? outcome : Date.now() - started;
    },
  };
}

describe('a stream ends when its rights end (issue 53)', () => {
  it('ends an admin’s stream when the account is demoted, and refuses a new one once it is deleted', async () => {
    const account = await createAdminAccount('streamadmin');
    const token = await signIn(account.email, account.password);
    const admin = await signedInAndSynced(ACCOUNTS.admin);
    const abort = new AbortController();
    try {
      const answer = await open({ authorization: `Bearer ${token}` }, abort.signal);
      expect(answer.status).toBe(200);
      const stream = reading(answer);
      expect(await stream.endsWithin(300)).toBe('still open');

      expect((await gatewayCall('PUT', `/removeadmin/${account.email}`, admin)).status).toBe(200);
      const endedAfter = await stream.endsWithin(5_000);
      console.log(`the demoted admin's stream ended ${endedAfter} ms after the demotion was answered`);
      expect(endedAfter).toBeLessThan(5_000);
      expect(stream.text()).toMatch(/: ends: role changed\n\n$/);

      // the same token opens a shopper's stream now; deleting the account ends it and refuses the next
      const again = await open({ authorization: `Bearer ${token}` }, abort.signal);
      expect(again.status).toBe(200);
      const shoppers = reading(again);
      await deleteStoreAccount(account);
      expect(await shoppers.endsWithin(5_000)).toBeLessThan(5_000);
      const refused = await open({ authorization: `Bearer ${token}` }, abort.signal);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: expect.any(String), code: 'account-deleted' });
    } finally {
      abort.abort();
    }
  });

  it('ends a stream when the identity it was opened with expires', async () => {
    // an identity token for 3 s, signed as the gateway signs one, to the order service directly
    const shortLived = jwt.sign(
      {
        sub: `short-${randomUUID()}`,
        email: `short${randomInt(1e9)}@example.com`,
        name: '',
        role: 'user',
        realm_roles: [],
        email_verified: true,
      },
      identitySigningKey(stackEnv.identitySigningKey),
      { algorithm: 'ES256', issuer: IDENTITY_TOKEN.issuer, audience: 'order', expiresIn: 3 },
    );
    const abort = new AbortController();
    try {
      const answer = await fetch(`${stackEnv.orderUrl}/orders/live`, {
        headers: { [IDENTITY_TOKEN.header]: shortLived },
        signal: abort.signal,
      });
      expect(answer.status).toBe(200);
      const ended = await reading(answer).endsWithin(8_000);
      console.log(`a stream opened with a 3 s identity ended after ${ended} ms`);
      expect(ended).toBeGreaterThan(1_000);
      expect(ended).toBeLessThan(5_000);
    } finally {
      abort.abort();
    }
  });
});

describe('how many streams may be open (issue 53)', () => {
  it('refuses an account’s 6th stream while 5 are open, and takes one again once one is closed', async () => {
    const token = await signedInAndSynced(await createAccount('manystreams'));
    const tabs = Array.from({ length: 6 }, () => new AbortController());
    try {
      const five = await Promise.all(tabs.slice(0, 5).map((tab) => open({ authorization: `Bearer ${token}` }, tab.signal)));
      expect(five.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await open({ authorization: `Bearer ${token}` }, tabs[5]!.signal);
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toEqual({
        error: expect.stringMatching(/live streams/),
        code: 'too-many-streams',
        limit: expect.any(Number),
      });

      tabs[0]!.abort();
      await eventually(async () => {
        const freed = await open({ authorization: `Bearer ${token}` }, tabs[5]!.signal);
        expect(freed.status).toBe(200);
      });
    } finally {
      tabs.forEach((tab) => tab.abort());
    }
  });

  it('refuses an address’s 21st stream, whichever accounts hold the 20', async () => {
    const address = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const tokens = await Promise.all(Array.from({ length: 5 }, (_, n) => createAccount(`addr${n}`).then(signedInAndSynced)));
    const abort = new AbortController();
    try {
      const twenty = await Promise.all(
        tokens
          .slice(0, 4)
          .flatMap((token) => Array.from({ length: 5 }, () => open({ authorization: `Bearer ${token}`, ...address }, abort.signal))),
      );
      expect(twenty.every((answer) => answer.status === 200)).toBe(true);
      const fromTheFifth = await open({ authorization: `Bearer ${tokens[4]}`, ...address }, abort.signal);
      expect(fromTheFifth.status).toBe(429);
      expect(await fromTheFifth.json()).toEqual({
        error: expect.stringMatching(/address/),
        code: 'too-many-streams',
        limit: expect.any(Number),
      });
      // the same account from another address is let through
      expect((await open({ authorization: `Bearer ${tokens[4]}` }, abort.signal)).status).toBe(200);
    } finally {
      abort.abort();
    }
  });
});
