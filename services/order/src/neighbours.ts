import { CartLineList, Product, takaToPaisa, type CartLine } from '@bazar/contracts';
import { InternalClient, identityHeadersOf, type RequestUser } from '@bazar/service-kit';

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

  /** The shopper's cart, read with their own identity so the cart service's owner check applies. */
  async cartOf(user: RequestUser): Promise<CartLine[]> {
    return CartLineList.parse((await this.cart.get(`/myallcart/${encodeURIComponent(user.email)}`, identityHeadersOf(user))) ?? []);
  }

  async product(id: string): Promise<ShelfProduct | undefined> {
    const answer = await this.catalog.get(`/product-details/${id}`);
    if (answer === undefined) return undefined;
    const { name, img, price, quantity } = Product.parse(answer);
    return { name, img, pricePaisa: takaToPaisa(price), quantity };
  }
}
