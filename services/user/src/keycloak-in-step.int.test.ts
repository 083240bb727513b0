// The Keycloak realm role follows the user's record through role-changed events
// (events/keycloak-in-step.ts). A record whose Keycloak account is gone (deleted in Keycloak itself)
// has no role left to follow; its event must not hold up the role changes after it, as it did
// when Keycloak's 404 was retried for ever (found by the schemathesis fuzz, which changed the role
// of such a record).
import { randomInt } from 'node:crypto';
import {
  createAccount,
  createAdminAccount,
  deleteStoreAccount,
  eventually,
  gatewayCall,
  keycloakAccount,
  keycloakAdmin,
  signIn,
  signedInAndSynced,
} from '@bazar/testing';

const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };

it('still gives the next user their role after a role change for an account Keycloak no longer has', async () => {
  const gone = await createAccount('gone');
  const next = await createAccount('next');
  await signedInAndSynced(gone);
  await signedInAndSynced(next);
  const goneId = (await keycloakAccount(gone.email))?.id;
  expect((await keycloakAdmin('DELETE', `/users/${goneId}`)).status).toBe(204);

  // an admin of the test's own: the demo admin's writes are counted (60 a minute) for every test
  // that publishes or promotes with it, and CI saw this test's change refused with 429
  const ownAdmin = await createAdminAccount('in step');
  const admin = await signIn(ownAdmin.email, ownAdmin.password);
  const role = (change: 'makeadmin' | 'removeadmin', email: string) => gatewayCall('PUT', `/${change}/${email}`, admin, undefined, from);
  try {
    expect((await role('makeadmin', gone.email)).status).toBe(200);
    expect((await role('makeadmin', next.email)).status).toBe(200);
    await eventually(async () => expect((await keycloakAccount(next.email))?.realmRoles).toContain('admin'), 20_000, 500);
  } finally {
    await role('removeadmin', gone.email);
    await role('removeadmin', next.email);
    await deleteStoreAccount(ownAdmin);
  }
});
