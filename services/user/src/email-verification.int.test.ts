// The verification mail again, on the shopper's asking (the cart's and checkout's notice): through
// the gateway, for an account whose address is unverified; at most once a minute; and never for an
// address the sign-in says is verified.
import { createAccount, eventually, gatewayCall, mailbox, signIn, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';

const SUBJECT = 'Verify your email address for Bazar';
let users: mongoose.Connection;

beforeAll(async () => {
  users = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'user' }).asPromise();
});
afterAll(() => users.close());

const verificationMails = async (email: string) => (await mailbox.list(email)).filter((mail) => mail.subject === SUBJECT);
const resend = (token?: string) => gatewayCall('POST', '/email-verification', token);

it('mails an unverified account the link again when asked, once a minute at most', async () => {
  const { email, password } = await createAccount('resend', undefined, { emailVerified: false });
  const token = await signIn(email, password);
  // the sign-in's sync sends the first mail
  expect((await gatewayCall('PUT', `/users/${email}`, token, {})).status).toBeLessThan(300);
  await eventually(async () => expect(await verificationMails(email)).toHaveLength(1));

  // asked for again at once: the first has only just gone
  expect(await resend(token)).toMatchObject({ status: 429, body: { code: 'verification-mail-recent' } });

  // a minute later
  await users.collection('users').updateOne({ email }, { $set: { verificationMailAt: new Date(Date.now() - 61_000) } });
  expect(await resend(token)).toMatchObject({ status: 200, body: { sentTo: email } });
  await eventually(async () => expect(await verificationMails(email)).toHaveLength(2));
  expect(await resend(token)).toMatchObject({ status: 429, body: { code: 'verification-mail-recent' } });
  expect(await verificationMails(email)).toHaveLength(2);
});

it('sends nothing to a verified address, and asks a visitor to sign in', async () => {
  const { email, password } = await createAccount('verified');
  const token = await signIn(email, password);
  expect((await gatewayCall('PUT', `/users/${email}`, token, {})).status).toBeLessThan(300);
  expect(await resend(token)).toMatchObject({ status: 409, body: { code: 'email-already-verified' } });
  expect((await resend()).status).toBe(401);
  expect(await verificationMails(email)).toHaveLength(0);
});
