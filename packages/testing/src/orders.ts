// What the order tests set up through the API: a product of their own with a known stock, and an
// order placed from a fresh shopper's cart; and a sign-in through Keycloak's page in a browser.
import type { Order, PlaceOrderAnswer } from '@bazar/contracts';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import type { Credentials } from './accounts';
import { ACCOUNTS } from './auth';
import { catalogProducts } from './catalog';
import { gatewayCall, signedInAndSynced } from './gateway';
import { stackEnv } from './stack';
import { signIn } from './pages';

export interface TestProduct {
  _id: string;
  name: string;
}

/** Publishes a product with `quantity` on the shelf, as an admin does, with a Bangla name if given. */
export async function publishProduct(label: string, quantity: number, { name_bn }: { name_bn?: string } = {}): Promise<TestProduct> {
  return publishProductAs(await signedInAndSynced(ACCOUNTS.admin), {
    name: `${label} ${Date.now()}`,
    ...(name_bn && { name_bn }),
    price: 120,
    quantity,
    description: 'Published by an order test.',
  });
}

/** Publishes a product as the admin whose token this is, with the picture of a product already on the shelf. */
export async function publishProductAs(
  adminToken: string,
  product: { name: string; name_bn?: string; price: number; quantity: number; description: string; category?: string },
): Promise<TestProduct> {
  const [shown] = await catalogProducts();
  const published = await gatewayCall('POST', '/addproducts', adminToken, {
    ...product,
    price: String(product.price),
    quantity: String(product.quantity),
    img: shown!.img,
  });
  if (published.status !== 201)
    throw new Error(`publishing ${product.name} answered ${published.status} ${JSON.stringify(published.body)}`);
  return { _id: (published.body as { insertedId: string }).insertedId, name: product.name };
}

export async function removeProduct(product: (Pick<TestProduct, '_id'> & Partial<TestProduct>) | undefined): Promise<void> {
  if (!product) return;
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  await catalog.collection('products').deleteOne({ _id: new mongoose.Types.ObjectId(product._id) });
  await catalog.close();
}

/** Puts `quantity` of the product in the shopper's cart and places the cart as an order. */
export async function placeOrder(shopper: Credentials, product: TestProduct, quantity: number): Promise<Order> {
  const token = await signedInAndSynced(shopper);
  const added = await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: quantity });
  if (added.status >= 300) throw new Error(`adding to the cart answered ${added.status} ${JSON.stringify(added.body)}`);
  const placed = await gatewayCall('POST', '/orderplace', token, {
    name: shopper.fullName,
    email: shopper.email,
    phone: '01712345678',
    addinfo: 'House 7, Road 3, Dhanmondi, Dhaka',
  });
  if (placed.status !== 201) throw new Error(`placing the order answered ${placed.status} ${JSON.stringify(placed.body)}`);
  return (placed.body as PlaceOrderAnswer).order;
}

/** Opens `path`, which sends a signed-out visitor to Keycloak, signs in there and waits to be back. */
export async function openSignedIn(page: Page, path: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${stackEnv.webUrl}${path}`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === path);
}
