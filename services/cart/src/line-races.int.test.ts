// A line's quantity changed and the line removed at the same moment, as two quick taps of − on a
// card at quantity two send them: whichever the cart takes first, a line removed stays removed.
import { CartLine } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { shopper, TestShelf } from '@bazar/testing/shop';

const shelf = new TestShelf();
afterAll(() => shelf.clear());

it('a line removed while its quantity is being changed is not brought back by the change', async () => {
  const limes = await shelf.stock('Race Limes', 12.5, 50);
  const me = shopper('line-race');
  for (let round = 0; round < 15; round++) {
    const line = CartLine.parse((await me.addToCart(limes, 2)).body);
    const [changed, removed] = await Promise.all([
      me.call(`${stackEnv.cartUrl}/cartquantity/${line._id}`, { method: 'PUT', body: { cartQuantity: 1 } }),
      me.call(`${stackEnv.cartUrl}/deletecart/${line._id}`, { method: 'DELETE' }),
    ]);
    expect(removed.status).toBe(200);
    // the change came first (and the removal took its line), or after (and found none)
    expect([200, 404]).toContain(changed.status);
    expect({ round, cart: await me.cart() }).toEqual({ round, cart: [] });
  }
});
