import { randomInt } from 'node:crypto';
import type { Product } from '@bazar/contracts';
import { stackEnv } from './stack';

/** Products as the store's API answers them through nginx (with `search`, the search results), to
 *  compare with what a page shows. */
export async function catalogProducts(search?: string): Promise<Product[]> {
  const path = search ? `/api/products?search=${encodeURIComponent(search)}` : '/api/products';
  const response = await fetch(`${stackEnv.webUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as Product[];
}

/** A product as the store's API answers it through nginx. */
export async function catalogProduct(id: string): Promise<Product> {
  const path = `/api/product-details/${id}`;
  const response = await fetch(`${stackEnv.webUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as Product;
}

/** A word no other run's products have, 13 random digits as letters (a to j): in Latin letters and in
 *  Bangla ones, for names a test must find alone on a shelf shared with other tests. Random from the
 *  first letter, so that its start is its own too: made of the time, the first six letters were the
 *  same for every run of the same 2.8 hours, and a search typing them found other workers' products. */
export function runWords(): { word: string; banglaWord: string } {
  const digits = Array.from({ length: 13 }, () => randomInt(10));
  return {
    word: digits.map((digit) => String.fromCharCode(97 + digit)).join(''),
    banglaWord: digits.map((digit) => 'কখগঘচছজটডত'[digit]).join(''),
  };
}
