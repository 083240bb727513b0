// Cost of verifying one bearer token at the gateway: the gateway's TokenVerifier against the floor,
// jsonwebtoken.verify with a ready KeyObject, on the same real realm token, in one run; both for a
// token it has verified before (a shopper's next request, answered from memory) and for one it sees
// for the first time (a verifier that remembers none). Also shows the cost of handing jsonwebtoken
// the PEM text on every call (what the verifier used to do).
// Usage: node --import tsx bench/gateway-overhead/verify.ts   (Keycloak must be up)
import { createPublicKey, type webcrypto } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCOUNTS, signIn, stackEnv } from '@bazar/testing';
import { TokenVerifier } from '@bazar/gateway/src/auth/token-verifier';
import { emitFigures } from '../figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000);
const WARMUP = Math.min(500, ROUNDS);
const realm = {
  issuer: process.env.OIDC_ISSUER ?? 'http://localhost:8080/auth/realms/bazar',
  jwksUri: process.env.OIDC_JWKS_URL ?? `${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/certs`,
  audience: process.env.OIDC_AUDIENCE ?? 'bazar-api',
};
const options: jwt.VerifyOptions = { algorithms: ['RS256'], issuer: realm.issuer, audience: realm.audience, clockTolerance: 5 };

/** Microseconds per call of `verifyOnce`, after a warm-up. */
async function perOp(verifyOnce: () => unknown): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await verifyOnce();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await verifyOnce();
  return Number(process.hrtime.bigint() - start) / 1_000 / ROUNDS;
}

async function main(): Promise<void> {
  const token = await signIn(ACCOUNTS.shopper.email, ACCOUNTS.shopper.password);
  const kid = jwt.decode(token, { complete: true })?.header.kid;
  const { keys } = (await (await fetch(realm.jwksUri)).json()) as { keys: (webcrypto.JsonWebKey & { kid?: string })[] };
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error(`the realm's JWKS has no key ${kid}`);
  const keyObject = createPublicKey({ key: jwk, format: 'jwk' });
  const pem = keyObject.export({ type: 'spki', format: 'pem' });
  const verifier = new TokenVerifier(realm);
  const forgetful = new TokenVerifier({ ...realm, rememberedAtMost: 0 });
  const expected = (jwt.verify(token, keyObject, options) as jwt.JwtPayload).sub;
  for (const gateway of [verifier, forgetful])
    if ((await gateway.verify(token)).sub !== expected) throw new Error('the gateway verifier read a different subject');

  console.log(`${ROUNDS} verifications of a real RS256 realm token (kid ${kid}), one after another\n`);
  const baseline = await perOp(() => jwt.verify(token, keyObject, options));
  const gateway = await perOp(() => verifier.verify(token));
  const firstSight = await perOp(() => forgetful.verify(token));
  const pemEachTime = await perOp(() => jwt.verify(token, pem, options));
  const row = (title: string, us: number) =>
    `${title.padEnd(48)} ${us.toFixed(1).padStart(7)} µs/op   ${(us / baseline).toFixed(2).padStart(5)}× baseline`;
  console.log(row('baseline: jsonwebtoken.verify, cached KeyObject', baseline));
  console.log(row('gateway TokenVerifier.verify, seen before', gateway));
  console.log(row('gateway TokenVerifier.verify, first sight', firstSight));
  console.log(row('jsonwebtoken.verify, PEM parsed per call', pemEachTime));
  console.log(`\ngateway overhead over the baseline, first sight: ${(firstSight - baseline).toFixed(1)} µs per token`);
  emitFigures([
    {
      bench: 'gateway-overhead',
      name: 'token verification, a token seen before',
      value: gateway,
      unit: 'µs',
      baseline: { name: 'jsonwebtoken.verify, cached key', value: baseline },
    },
    {
      bench: 'gateway-overhead',
      name: 'token verification, a token first seen',
      value: firstSight,
      unit: 'µs',
      baseline: { name: 'jsonwebtoken.verify, cached key', value: baseline },
    },
  ]);
}

main().catch((err: unknown) => {
  console.error(`verify bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
