import { ACCOUNTS, signIn } from '@bazar/testing';

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('signing in through the real Keycloak login form', () => {
  it('gives the seeded shopper a storefront token for the bazar-api audience', async () => {
    const token = claims(await signIn(ACCOUNTS.shopper.email, ACCOUNTS.shopper.password));
    expect(token.email).toBe(ACCOUNTS.shopper.email);
    expect(token.azp).toBe('storefront');
    expect([token.aud].flat()).toContain('bazar-api');
  });

  it('refuses an unknown account', async () => {
    // Not a wrong password for the seeded shopper: brute-force detection would count it against the
    // account every other test signs in with, and may lock it for a minute.
    await expect(signIn('nobody@example.com', 'not-the-password')).rejects.toThrow(/did not sign/);
  });
});
