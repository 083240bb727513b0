import {
  CART_REVISION_HEADER,
  CartLineList,
  CartRevisionTag,
  CheckoutOutcome,
  ErrorAnswer,
  OutOfStockAnswer,
  ProductList,
  StockReservationAnswer,
  takaToPaisa,
  type Product,
  type ProductLookup,
  type CartCheckout,
  type CartLine,
  type StockReservation,
} from '@bazar/contracts';
import { HttpError, InternalClient, conflict, identityHeadersOf, serviceCallHeaders, type RequestUser } from '@bazar/service-kit/http';

export interface ShelfProduct {
  name: string;
  name_bn?: string;
  img: string;
  pricePaisa: number;
}

type Items = StockReservation['items'];
/** Products by id, as the catalog answered them. */
export type Shelf = Map<string, ShelfProduct>;

/** The calls below carry no user: the order service shows it is itself (issue 53), in a token for
 *  the one service it calls. */
const asOrderService = (target: 'catalog' | 'cart') => serviceCallHeaders('order', target);

const shelfOf = (products: Product[]): Shelf =>
  new Map(
    products.map(({ _id, name, name_bn, img, price }) => [_id, { name, ...(name_bn && { name_bn }), img, pricePaisa: takaToPaisa(price) }]),
  );

/** The calls placing an order makes straight to the cart and the catalog (never through the public
 *  gateway): a fresh read of the cart, the catalog's hold on the units (answering their prices), the
 *  cart's checkout of the lines. A neighbour's 409 becomes this service's 409 with its words. */
export class Neighbours {
  private readonly cart: InternalClient;
  private readonly catalog: InternalClient;

  constructor(urls: { cart: string | readonly string[]; catalog: string | readonly string[] }) {
    this.cart = new InternalClient(urls.cart, 'cart');
    this.catalog = new InternalClient(urls.catalog, 'catalog');
  }

  /** The shopper's cart lines and the revision they are at, read with the shopper's own identity
   *  so the cart service's owner check applies. */
  async cartOf(user: RequestUser): Promise<{ lines: CartLine[]; revision: number }> {
    const answer = await this.cart.read(`/myallcart/${encodeURIComponent(user.email)}`, identityHeadersOf(user));
    const revision = CartRevisionTag.safeParse(answer?.headers[CART_REVISION_HEADER]);
    if (!answer || !revision.success)
      throw new HttpError(503, 'service-away', 'The cart service answered without the cart revision; try again shortly');
    return { lines: CartLineList.parse(answer.body), revision: revision.data };
  }

  /** The name, picture and price of each product still sold among `ids`, by id, in one call. */
  async products(ids: string[]): Promise<Shelf> {
    const answer = await this.catalog.send('POST', '/internal/products/lookup', {
      body: { ids } satisfies ProductLookup,
      headers: asOrderService('catalog'),
    });
    expectDone(answer, 'catalog');
    return shelfOf(ProductList.parse(answer.body));
  }

  /** Holds every unit, or refuses (409, naming what is short) having held none; answers the name,
   *  picture and price of each product held, as the catalog has them once held. */
  async reserve(reservationId: string, items: Items): Promise<Shelf> {
    const answer = await this.catalog.send('POST', `/internal/reservations/${reservationId}`, {
      body: { items },
      headers: asOrderService('catalog'),
    });
    expectDone(answer, 'catalog');
    return shelfOf(StockReservationAnswer.parse(answer.body).products);
  }

  /** Gives back whatever the reservation holds; safe to repeat, and before the reservation arrived. */
  async release(reservationId: string): Promise<void> {
    expectDone(
      await this.catalog.send('DELETE', `/internal/reservations/${reservationId}`, { headers: asOrderService('catalog') }),
      'catalog',
    );
  }

  /** Takes the ordered pieces off the cart, or refuses (409) having taken none. */
  async checkout(reservationId: string, email: string, items: CartCheckout['items']): Promise<void> {
    expectDone(
      await this.cart.send('POST', `/internal/checkouts/${reservationId}`, { body: { email, items }, headers: asOrderService('cart') }),
      'cart',
    );
  }

  /** Makes sure a checkout whose outcome was not learned never takes anything: `taken` if it did. */
  async voidCheckout(reservationId: string, email: string): Promise<CheckoutOutcome['outcome']> {
    const answer = await this.cart.send('POST', `/internal/checkouts/${reservationId}/void`, {
      body: { email },
      headers: asOrderService('cart'),
    });
    expectDone(answer, 'cart');
    return CheckoutOutcome.parse(answer.body).outcome;
  }
}

function expectDone(answer: { status: number; body: unknown }, service: string): void {
  if (answer.status < 300) return;
  const refusal = ErrorAnswer.extend({ items: OutOfStockAnswer.shape.items.optional() }).safeParse(answer.body);
  if (answer.status === 409 && refusal.success) {
    const { error, code, items } = refusal.data;
    throw conflict(code, error, items && { items });
  }
  throw new HttpError(503, 'service-away', `The ${service} service refused the call (${answer.status}); try again shortly`);
}
