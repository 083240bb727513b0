import { currentAccessToken } from '@bazar/web-kit';
import { declaredMutation, declaredQuery, declaredRequest, storefrontApi } from '@bazar/web-kit/api';
import type { ShopLanguage } from '@bazar/contracts';

/** After an order (issue 54): one order for its receipt page, and putting its lines back into the
 *  cart ("Buy again"), which the cart, its badge and the products' stock are read again after. */
export const afterOrderApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getOrder: declaredQuery(build, 'myOrder', { providesTags: ['Order'] }),
    buyAgain: declaredMutation(build, 'buyAgain', { invalidatesTags: ['Cart', 'Product'] }),
  }),
  overrideExisting: 'throw',
});

export const { useGetOrderQuery, useBuyAgainMutation } = afterOrderApi;

/** Downloads the order's receipt as a PDF in `language`: the API wants the shopper's token, which a
 *  plain link would not carry, so the file is fetched and handed to the browser as a download. */
export async function downloadReceipt(orderId: string, language: ShopLanguage): Promise<void> {
  const { url } = declaredRequest('orderReceipt', { params: { id: orderId }, query: { lang: language } });
  const token = await currentAccessToken();
  const answer = await fetch(`/api${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!answer.ok) throw Object.assign(new Error(`receipt ${answer.status}`), { status: answer.status });
  const file = URL.createObjectURL(await answer.blob());
  const link = Object.assign(document.createElement('a'), { href: file, download: `bazar-receipt-${orderId}.pdf` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
}
