// The accounts the fuzz speaks for: a fresh shopper (an empty cart, no orders, nobody else's data)
// and the seeded admin, each signed in and synced, their minute-long tokens renewed on the way.
import { ACCOUNTS, createAccount, signIn, signedInAndSynced } from '@bazar/testing';
import type { Caller } from './bad-requests.ts';
import type { Callers } from './wire.ts';

const RENEW_AFTER_MS = 40_000;

class SignedIn {
  private token = '';
  private signedInAt = 0;
  constructor(readonly account: { email: string; password: string }) {}

  async start(): Promise<void> {
    this.token = await signedInAndSynced(this.account);
    this.signedInAt = Date.now();
  }

  async current(): Promise<string> {
    if (Date.now() - this.signedInAt > RENEW_AFTER_MS) {
      this.token = await signIn(this.account.email, this.account.password);
      this.signedInAt = Date.now();
    }
    return this.token;
  }
}

/** Signs both in (and syncs them, which writes their user records: do it before any snapshot). */
export async function fuzzCallers(): Promise<Callers> {
  const shopper = new SignedIn(await createAccount('fuzz'));
  const admin = new SignedIn(ACCOUNTS.admin);
  await shopper.start();
  await admin.start();
  return {
    emailOf: (caller: Caller) => (caller === 'admin' ? admin.account.email : shopper.account.email),
    tokenOf: (caller) => (caller === 'admin' ? admin : shopper).current(),
  };
}
