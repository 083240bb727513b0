import { CartRefillAnswer, type CartRefill } from '@bazar/contracts';
import { HttpError, InternalClient, serviceCallHeaders } from '@bazar/service-kit/http';

/** Puts an earlier order's pieces back on its shopper's cart (Buy again) through the cart service's
 *  internal refill: the cart writes each line as Add to Cart does, at the catalog's prices now. */
export class CartRefills {
  private readonly cart: InternalClient;

  constructor(cartUrls: string | readonly string[]) {
    this.cart = new InternalClient(cartUrls, 'cart');
  }

  async refill(email: string, items: CartRefill['items']): Promise<CartRefillAnswer> {
    const answer = await this.cart.send('POST', '/internal/refills', {
      body: { email, items } satisfies CartRefill,
      headers: serviceCallHeaders('order', 'cart'),
    });
    if (answer.status !== 200)
      throw new HttpError(503, 'service-away', `The cart service refused the call (${answer.status}); try again shortly`);
    return CartRefillAnswer.parse(answer.body);
  }
}
