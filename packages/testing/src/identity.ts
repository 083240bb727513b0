// Who is signed in, stated to a service directly as the gateway states it (issue 53): in an identity
// token signed with the installation's private key (.stack/secrets.json, or the environment), which
// the services verify. Identity headers alone are refused, so every test or bench that calls a
// service straight as some user goes through here; serviceHeaders does the same for the internal
// routes, which carry no user but answer only the service they name. A token names the services it
// is meant for (`aud`); a test's names every service unless the test says which (a test reaches
// each service straight, as the gateway and the order service do, and may share headers between
// them), so the tests that show a token for one service refused at another name it.
import { IDENTITY_TOKEN, SERVICE_NAMES, type Role, type ServiceCaller, type ServiceName } from '@bazar/contracts';
import { IdentitySigner, ServiceTokenSigner, identitySigningKey } from '@bazar/service-kit/http';
import { stackEnv } from './stack';

export interface TestUser {
  id: string;
  email: string;
  role?: Role;
  name?: string;
  /** true unless said otherwise, as for an account that may order */
  emailVerified?: boolean;
  realmRoles?: string[];
}

let signer: IdentitySigner | undefined;

type Audience = ServiceName | readonly ServiceName[];

/** A token stating `user` to the services `audience`, signed as the gateway signs it, with most of
 *  its minute left. */
export function identityToken(user: TestUser, audience: Audience = SERVICE_NAMES): string {
  if (!signer) {
    signer = new IdentitySigner(identitySigningKey(stackEnv.identitySigningKey));
    // a service a test runs in its own process (createApp with a service's routes) verifies with
    // the installation's public key too, as the stack's services do
    process.env.BAZAR_IDENTITY_VERIFY_KEY ??= stackEnv.identityVerifyKey;
  }
  return signer.sign(
    {
      sub: user.id,
      email: user.email,
      name: user.name ?? '',
      role: user.role ?? 'user',
      realm_roles: user.realmRoles ?? [],
      email_verified: user.emailVerified ?? true,
    },
    audience,
  );
}

/** Headers stating `user` to a service. The token is minted when the headers are read (spread or
 *  sent), not when they are made, so headers kept for a whole test file never expire. */
export function identityOf(user: TestUser, audience: Audience = SERVICE_NAMES): Record<string, string> {
  return Object.defineProperty({}, IDENTITY_TOKEN.header, { enumerable: true, get: () => identityToken(user, audience) }) as Record<
    string,
    string
  >;
}

const serviceSigners = new Map<ServiceCaller, ServiceTokenSigner>();

/** Headers with which a test calls an internal route of `target` as `caller` (the order service,
 *  the gateway) does: a service token for `target`, signed with the installation's service key.
 *  Without `target`, one token for whichever service the test calls. */
export function serviceHeaders(caller: ServiceCaller, target?: ServiceName): Record<string, string> {
  let signer = serviceSigners.get(caller);
  if (!signer) serviceSigners.set(caller, (signer = new ServiceTokenSigner(identitySigningKey(stackEnv.serviceSigningKey), caller)));
  return signer.headers(target ?? SERVICE_NAMES);
}
