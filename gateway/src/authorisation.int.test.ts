// The authorisation matrix through the running gateway: every endpoint for a visitor, the seeded
// shopper, another shopper, the seeded admin, and tokens that are tampered with, from a foreign
// issuer, or unsigned (the expired column is in expired-token.int.test.ts: it takes the token's
// full five minutes).
import { generateKeyPairSync } from 'node:crypto';
import { CartLineList, ErrorAnswer, ProductList, UserList } from '@bazar/contracts';
import {
  ACCOUNTS,
  createAdminAccount,
  gatewayCall as call,
  newShopper,
  signIn,
  syncAccount as sync,
  type TestAccount,
} from '@bazar/testing';
import jwt from 'jsonwebtoken';
import { NOT_IN_MATRIX, ROWS, endpointNames, invalidTokenStatus, rowName, type Caller, type World } from '../test/matrix';

const callers = {} as Record<Exclude<Caller, 'visitor'>, TestAccount>;
const world = {} as World;
let shopperLine = '';
const badTokens: Record<string, string> = {};

const emptyCart = async (account: TestAccount) => {
  const lines = CartLineList.parse((await call('GET', `/myallcart/${account.email}`, account.token)).body);
  for (const line of lines) await call('DELETE', `/deletecart/${line._id}`, account.token);
};

beforeAll(async () => {
  callers.shopper = { email: ACCOUNTS.shopper.email, token: await signIn(ACCOUNTS.shopper.email, ACCOUNTS.shopper.password) };
  // an admin of the matrix's own: its forty-odd writes in a minute count against its own budget of
  // writes, not the seeded admin's, which every other test file running meanwhile spends too
  const admin = await createAdminAccount('matrix admin');
  callers.admin = { email: admin.email, token: await signIn(admin.email, admin.password) };
  callers.other = await newShopper('other');
  const victim = await newShopper('victim');
  for (const account of [callers.shopper, callers.admin, callers.other, victim]) expect((await sync(account)).status).toBeLessThan(300);
  await emptyCart(callers.shopper);
  await emptyCart(callers.admin);

  const users = UserList.parse((await call('GET', '/allusers', callers.admin.token)).body);
  const products = ProductList.parse((await call('GET', '/products')).body);
  Object.assign(world, {
    shopper: callers.shopper.email,
    other: callers.other.email,
    victim: victim.email,
    victimId: users.find((u) => u.email === victim.email)!._id,
    productId: products.find((p) => p.quantity > 20)!._id,
    shopperLineId: () => shopperLine,
  });

  const real = callers.shopper.token;
  const [header, payload, signature] = real.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { iat: _iat, exp: _exp, ...lasting } = claims;
  badTokens.tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: ACCOUNTS.admin.email })).toString('base64url')}.${signature}`;
  badTokens.wrongIssuer = jwt.sign({ ...lasting, iss: 'http://localhost:8080/auth/realms/master' }, privateKey, {
    algorithm: 'RS256',
    keyid: jwt.decode(real, { complete: true })?.header.kid,
    expiresIn: 300,
  });
  badTokens.unsigned = jwt.sign(lasting, null, { algorithm: 'none', expiresIn: 300 });
});

afterAll(async () => {
  await emptyCart(callers.other);
  await emptyCart(callers.admin);
});

it('covers every endpoint of the public API', () => {
  // an endpoint may have several rows (GET /allusers plain and paged): each is covered once at least
  expect([...new Set([...ROWS.map(rowName), ...Object.keys(NOT_IN_MATRIX)])].sort()).toEqual(endpointNames().sort());
});

describe.each(ROWS)('$method $endpoint', (row) => {
  it.each(Object.keys(row.expect) as Caller[])('answers %s as the matrix says', async (caller) => {
    const token = caller === 'visitor' ? undefined : callers[caller].token;
    const answer = await call(row.method, row.path(world), token, row.body?.(world));
    if (row.endpoint === '/addtocart' && caller === 'shopper') shopperLine = (answer.body as { _id: string })._id;
    expect({ caller, status: answer.status }).toEqual({ caller, status: row.expect[caller] });
    // a refusal is the contracts' ErrorAnswer and nothing more (`fields` when a body was refused)
    if (answer.status >= 400) expect(ErrorAnswer.strict().parse(answer.body)).toEqual(answer.body);
  });

  it.each(['tampered', 'wrongIssuer', 'unsigned'])('answers a %s token like no sign-in at all', async (kind) => {
    const answer = await call(row.method, row.path(world), badTokens[kind], row.body?.(world));
    expect(answer.status).toBe(invalidTokenStatus(row));
  });
});
