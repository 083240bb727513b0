// Two admins who demote (or delete) each other at the same moment must not leave the store without
// an admin. The user service's routes run here, in the test, on a database of their own in the
// stack's database server, with one connection as in the service: through the gateway the pair could be the
// last two admins only if the seeded admin, whom the other tests use meanwhile, were demoted first.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { identityOf } from '@bazar/testing/identity';
import { createLogger } from '@bazar/service-kit';
import { createApp, finishApp } from '@bazar/service-kit/http';
import { Announcer } from '@bazar/service-kit/kafka';
import { createRedis, type Redis } from '@bazar/service-kit/redis';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { User, live } from './model/user';
import { KeycloakAdmin } from './keycloak';
import { userRoutes } from './routes/users';
import { VerificationMails } from './verification-mails';

const ROUNDS = 6;
const dbName = `user_last_admin_${randomUUID().slice(0, 8)}`;
let server: Server;
let serviceUrl: string;
let redis: Redis;

beforeAll(async () => {
  await mongoose.connect(stackEnv.mongoUrl, { dbName, serverSelectionTimeoutMS: 5_000 });
  const log = createLogger('user', 'silent');
  redis = createRedis(stackEnv.redisUrl, log);
  const app = createApp({ log });
  const keycloak = new KeycloakAdmin({
    KEYCLOAK_URL: stackEnv.keycloakUrl,
    KEYCLOAK_REALM: 'bazar',
    KEYCLOAK_ADMIN_CLIENT_ID: 'bazar-user-service',
    KEYCLOAK_ADMIN_CLIENT_SECRET: stackEnv.userServiceClientSecret,
  });
  // the events and the verification mails are not what this test is about
  app.use(userRoutes(new Announcer(() => {}), redis, log, new VerificationMails(keycloak, log)));
  finishApp(app);
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await redis?.quit();
});

interface Admin {
  _id: string;
  email: string;
}

/** Two fresh admins, and nobody else an admin: they are the store's last two. */
async function lastTwoAdmins(): Promise<[Admin, Admin]> {
  await User.updateMany({ role: 'admin' }, { $set: { role: 'user' } });
  const pair = await User.create(
    ['first', 'second'].map((label) => ({ email: `${label}${randomUUID().slice(0, 8)}@example.com`, role: 'admin' as const })),
  );
  const [first, second] = pair.map((user) => ({ _id: user._id.toString(), email: user.email }));
  return [first!, second!];
}

/** A call as the gateway forwards an admin's request. */
async function asAdmin(admin: Admin, method: string, path: string) {
  const response = await fetch(`${serviceUrl}${path}`, {
    method,
    headers: identityOf({ id: randomUUID(), email: admin.email, role: 'admin' }),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown };
}

const takeAway = {
  demote: (by: Admin, other: Admin) => asAdmin(by, 'PUT', `/removeadmin/${other.email}`),
  delete: (by: Admin, other: Admin) => asAdmin(by, 'DELETE', `/delete/${other._id}`),
};
const refusals = {
  demote: 'The last admin cannot be demoted; make someone else an admin first',
  delete: 'The last admin cannot be deleted; make someone else an admin first',
};

it.each(['demote', 'delete'] as const)(
  'two last admins who %s each other at once leave one admin, the other refused 409',
  async (change) => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = await lastTwoAdmins();
      const answers = await Promise.all([takeAway[change](first, second), takeAway[change](second, first)]);

      expect(await User.countDocuments({ role: 'admin', ...live })).toBeGreaterThanOrEqual(1);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const answer of refused)
        expect(answer).toEqual({
          status: 409,
          type: expect.stringMatching(/^application\/json/),
          body: { error: refusals[change], code: 'last-admin' },
        });
    }
  },
);
