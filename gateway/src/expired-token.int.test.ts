// The matrix's expired column: a genuine realm token, used once it has expired. Keycloak signs only
// tokens that are valid now, so this waits out the storefront client's access token lifespan (60 s).
import { ProductList } from '@bazar/contracts';
import { ACCOUNTS, gatewayCall as call, signIn } from '@bazar/testing';
import jwt from 'jsonwebtoken';
import { ROWS, invalidTokenStatus, type World } from '../test/matrix';

// ids and emails of private calls need not exist: an expired token is refused before any service
// looks; the public read of one product needs a real one
const world: World = {
  shopper: ACCOUNTS.shopper.email,
  other: ACCOUNTS.admin.email,
  victim: ACCOUNTS.admin.email,
  victimId: '0123456789abcdef01234567',
  productId: '0123456789abcdef01234567',
  shopperLineId: () => '0123456789abcdef01234567',
};

it('refuses an expired realm token on every endpoint but the public reads', async () => {
  world.productId = ProductList.parse((await call('GET', '/products')).body)[0]!._id;
  const token = await signIn(ACCOUNTS.shopper.email, ACCOUNTS.shopper.password);
  expect((await call('GET', '/myorders', token)).status).toBe(200);
  const { exp } = jwt.decode(token) as { exp: number };
  // the gateway allows 5 s of clock skew
  await new Promise((resolve) => setTimeout(resolve, exp * 1000 + 6_000 - Date.now()));
  for (const row of ROWS) {
    const answer = await call(row.method, row.path(world), token, row.body?.(world));
    expect({ row: `${row.method} ${row.endpoint}`, status: answer.status }).toEqual({
      row: `${row.method} ${row.endpoint}`,
      status: invalidTokenStatus(row),
    });
  }
}, 330_000);
