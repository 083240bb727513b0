import { CART_REVISION_HEADER, CartLineList, CartRevisionTag, Product, takaToPaisa, type CartLine } from '@bazar/contracts';
import { HttpError, InternalClient, identityHeadersOf, type RequestUser } from '@bazar/service-kit';

export interface ShelfProduct {
  name: string;
  img: string;
  pricePaisa: number;
  quantity: number;
}

/** The fresh reads placing an order needs: the shopper's cart and the catalog's current prices
 *  and stock, straight from those services (never through the public gateway). */
export class Neighbours {
  private readonly cart: InternalClient;
  private readonly catalog: InternalClient;

  constructor(urls: { cart: string; catalog: string }) {
    this.cart = new InternalClient(urls.cart, 'cart');
    this.catalog = new InternalClient(urls.catalog, 'catalog');
  }

  /** The shopper's cart lines and the revision they are at, read with the shopper's own identity
   *  so the cart service's owner check applies. */
  async cartOf(user: RequestUser): Promise<{ lines: CartLine[]; revision: number }> {
    const answer = await this.cart.read(`/myallcart/${encodeURIComponent(user.email)}`, identityHeadersOf(user));
    const revision = CartRevisionTag.safeParse(answer?.headers[CART_REVISION_HEADER]);
    if (!answer || !revision.success) throw new HttpError(503, 'The cart service answered without the cart revision; try again shortly');
    return { lines: CartLineList.parse(answer.body), revision: revision.data };
  }

  async product(id: string): Promise<ShelfProduct | undefined> {
    const answer = await this.catalog.get(`/product-details/${id}`);
    if (answer === undefined) return undefined;
    const { name, img, price, quantity } = Product.parse(answer);
    return { name, img, pricePaisa: takaToPaisa(price), quantity };
  }
}
