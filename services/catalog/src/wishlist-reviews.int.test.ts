// The wishlist and product reviews against the running stack: a shopper's wishlist is theirs alone
// (kept, listed latest first, dropped; another shopper sees none of it); a review is refused until
// an order of the shopper's holding the product is delivered (the order service checks, not the
// browser), its stars are held to 1 to 5, and the product's answer (what cards and rendered pages
// show) carries the real average and count, one review a shopper, edited in place.
import { randomUUID } from 'node:crypto';
import {
  MyProductReview,
  PlaceOrderAnswer,
  Product,
  ProductReviewList,
  Wishlist,
  WishlistChange,
  type OrderStatus,
} from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import { asAdmin, identityOf, shopper, TestShelf, type Shopper } from '@bazar/testing/shop';
import mongoose from 'mongoose';

const shelf = new TestShelf();
let db: mongoose.Connection;
let rice: string;
let dal: string;

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  rice = await shelf.stock('Reviewed Rice', 90, 100);
  dal = await shelf.stock('Wished Dal', 140, 100);
});
afterAll(async () => {
  await db.collection('product_reviews').deleteMany({ productId: { $in: [rice, dal] } });
  await db.collection('product_ratings').deleteMany({ _id: { $in: [rice, dal].map((id) => new mongoose.Types.ObjectId(id)) } });
  await shelf.clear();
  await db.close();
});

const catalog = (path: string) => `${stackEnv.catalogUrl}${path}`;
const detailsOf = async (id: string) => Product.parse(await (await fetch(catalog(`/product-details/${id}`))).json());

describe('wishlist', () => {
  it('keeps, lists the latest first and drops a shopper’s products; another shopper sees none of them', async () => {
    const [asma, babul] = [shopper('asma'), shopper('babul')];
    const keep = (who: Shopper, id: string) => who.call(catalog(`/wishlist/${id}`), { method: 'PUT' });
    const drop = (who: Shopper, id: string) => who.call(catalog(`/wishlist/${id}`), { method: 'DELETE' });
    const listOf = async (who: Shopper) => Wishlist.parse((await who.call(catalog('/wishlist'))).body).products.map((p) => p._id);

    expect(await listOf(asma)).toEqual([]);
    expect(WishlistChange.parse((await keep(asma, rice)).body)).toEqual({ productId: rice, kept: true, count: 1 });
    // kept already: nothing changes
    expect(WishlistChange.parse((await keep(asma, rice)).body)).toEqual({ productId: rice, kept: true, count: 1 });
    expect(WishlistChange.parse((await keep(asma, dal)).body).count).toBe(2);
    expect(await listOf(asma)).toEqual([dal, rice]);

    // another shopper's wishlist is their own: empty, and their drop leaves Asma's alone
    expect(await listOf(babul)).toEqual([]);
    expect(WishlistChange.parse((await drop(babul, rice)).body)).toEqual({ productId: rice, kept: false, count: 0 });
    expect(await listOf(asma)).toEqual([dal, rice]);

    expect(WishlistChange.parse((await drop(asma, rice)).body)).toEqual({ productId: rice, kept: false, count: 1 });
    expect(await listOf(asma)).toEqual([dal]);
  });

  it('keeps every product of changes made at once (each written on the version it read)', async () => {
    const gita = shopper('gita');
    const products = await Promise.all(Array.from({ length: 6 }, (_, at) => shelf.stock(`Wished At Once ${at}`, 50 + at, 10)));
    const answers = await Promise.all(products.map((id) => gita.call(catalog(`/wishlist/${id}`), { method: 'PUT' })));
    expect(answers.map((answer) => answer.status)).toEqual(products.map(() => 200));
    const kept = Wishlist.parse((await gita.call(catalog('/wishlist'))).body).products.map((product) => product._id);
    expect(kept.sort()).toEqual([...products].sort());
  });

  it('refuses a product the store does not sell (404) and a visitor (401), changing nothing', async () => {
    const chitra = shopper('chitra');
    const missing = new mongoose.Types.ObjectId().toString();
    const refused = await chitra.call(catalog(`/wishlist/${missing}`), { method: 'PUT' });
    expect(refused).toEqual({ status: 404, body: { error: 'No such product', code: 'no-such-product' } });
    expect(await chitra.call(catalog(`/wishlist/${missing}`), { method: 'DELETE' })).toEqual({
      status: 404,
      body: { error: 'No such product', code: 'no-such-product' },
    });
    expect(Wishlist.parse((await chitra.call(catalog('/wishlist'))).body).products).toEqual([]);
    expect((await fetch(catalog(`/wishlist/${rice}`), { method: 'PUT' })).status).toBe(401);
    expect((await fetch(catalog('/wishlist'))).status).toBe(401);
  });
});

describe('product reviews', () => {
  const review = (who: Shopper, id: string, body: unknown) =>
    who.call(`${stackEnv.orderUrl}/products/${id}/review`, { method: 'PUT', body });

  /** An order of the shopper's holding the product, moved by the admin up to `last`. */
  async function orderOf(who: Shopper, productId: string, last: OrderStatus): Promise<string> {
    expect((await who.addToCart(productId, 1)).status).toBe(201);
    const placed = await who.placeOrder();
    expect(placed.status).toBe(201);
    const orderId = PlaceOrderAnswer.parse(placed.body).order._id;
    expect((await who.confirm(orderId)).status).toBe(200);
    for (const status of ['packed', 'out-for-delivery', 'delivered'] as const) {
      expect((await asAdmin(`${stackEnv.orderUrl}/orderstatus/${orderId}`, { method: 'PUT', body: { status } })).status).toBe(200);
      if (status === last) break;
    }
    return orderId;
  }

  it('is refused (403) until an order of the shopper’s holding the product is delivered, then kept with the product’s stars', async () => {
    const dipa = shopper('dipa');
    // never ordered
    const never = await review(dipa, rice, { rating: 5, text: 'Lovely' });
    expect(never.status).toBe(403);
    expect(never.body).toEqual({ error: expect.stringMatching(/delivered/), code: 'review-needs-delivery' });
    // ordered, on its way, not yet delivered
    await orderOf(dipa, rice, 'out-for-delivery');
    expect((await review(dipa, rice, { rating: 5 })).status).toBe(403);
    // a refused review changed nothing
    expect(await db.collection('product_reviews').countDocuments({ productId: rice })).toBe(0);
    expect((await detailsOf(rice)).rating).toBeUndefined();

    await orderOf(dipa, rice, 'delivered');
    const kept = await review(dipa, rice, { rating: 4, text: '  Clean grains, cooks soft.  ' });
    expect(kept.status).toBe(200);
    expect(MyProductReview.parse(kept.body)).toMatchObject({ productId: rice, rating: 4, text: 'Clean grains, cooks soft.' });
    expect((await detailsOf(rice)).rating).toEqual({ average: 4, count: 1 });

    // a second shopper's review moves the average; Dipa's edit replaces hers (one a shopper)
    const emon = shopper('emon');
    await orderOf(emon, rice, 'delivered');
    expect((await review(emon, rice, { rating: 5 })).status).toBe(200);
    expect((await detailsOf(rice)).rating).toEqual({ average: 4.5, count: 2 });
    expect((await review(dipa, rice, { rating: 2, text: 'The second bag was stale.' })).status).toBe(200);
    expect((await detailsOf(rice)).rating).toEqual({ average: 3.5, count: 2 });

    // the product page's list, latest first, names the reviewers by first name only
    const listed = ProductReviewList.parse(await (await fetch(catalog(`/products/${rice}/reviews`))).json());
    expect(listed.rating).toEqual({ average: 3.5, count: 2 });
    expect(listed.reviews.map(({ rating, text }) => ({ rating, text }))).toEqual([
      { rating: 2, text: 'The second bag was stale.' },
      { rating: 5, text: '' },
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/@bazar\.test|dipa-|emon-/);
    // each reads back their own
    const mine = await dipa.call(catalog('/my-product-reviews'));
    expect(mine.status).toBe(200);
    expect((mine.body as MyProductReview[]).map(({ productId, rating }) => ({ productId, rating }))).toEqual([
      { productId: rice, rating: 2 },
    ]);

    // the cached list a card is made of carries the same stars (rendered pages compare these reads)
    await eventually(async () => {
      const shelfPage = Product.array().parse(
        await (await fetch(catalog(`/products?search=${encodeURIComponent('Reviewed Rice')}`))).json(),
      );
      expect(shelfPage.find((product) => product._id === rice)?.rating).toEqual({ average: 3.5, count: 2 });
    }, 10_000);
  });

  it('counts every review of reviews sent at once', async () => {
    const lentils = await shelf.stock('Reviewed At Once Lentils', 150, 100);
    const reviewers = ['hasan', 'ina', 'jamal', 'kona'].map((label) => shopper(label));
    for (const reviewer of reviewers) await orderOf(reviewer, lentils, 'delivered');
    const stars = [5, 4, 4, 2];
    const answers = await Promise.all(reviewers.map((reviewer, at) => review(reviewer, lentils, { rating: stars[at] })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await detailsOf(lentils)).rating).toEqual({ average: 3.8, count: 4 });
    await db.collection('product_reviews').deleteMany({ productId: lentils });
    await db.collection('product_ratings').deleteOne({ _id: new mongoose.Types.ObjectId(lentils) });
  });

  it('holds the stars to whole numbers from 1 to 5 and the words to 1,000 characters (400), changing nothing', async () => {
    const farid = shopper('farid');
    await orderOf(farid, dal, 'delivered');
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      {},
      { rating: 3, text: 'x'.repeat(1001) },
      { rating: 3, extra: 1 },
    ]) {
      const refused = await review(farid, dal, body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expect(refused.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect(await db.collection('product_reviews').countDocuments({ productId: dal })).toBe(0);
    expect((await detailsOf(dal)).rating).toBeUndefined();
    expect((await review(farid, dal, { rating: 1 })).status).toBe(200);
    expect((await detailsOf(dal)).rating).toEqual({ average: 1, count: 1 });
  });

  it('takes a review only through the order service: the catalog’s own route refuses anyone else', async () => {
    const ghost = identityOf({ id: randomUUID(), email: 'ghost@bazar.test' });
    const forged = await fetch(catalog(`/internal/product-reviews/${rice}`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...ghost },
      body: JSON.stringify({ rating: 1, text: 'forged', userId: 'ghost', name: 'Ghost' }),
    });
    expect(forged.status).toBe(401);
    expect((await detailsOf(rice)).rating?.count).toBe(2);
  });
});
