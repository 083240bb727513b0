import { TOTAL_COUNT_HEADER, type OrderExportQuery, type Product, type User } from '@bazar/contracts';
import { declaredMutation, declaredQuery, declaredRequest, storefrontApi } from '@bazar/web-kit/api';

/** A page of the accounts, and how many the search finds. */
export interface UsersPage {
  users: User[];
  total: number;
}

/** A page of the products running out, and how many there are. */
export interface LowStockPage {
  products: Product[];
  total: number;
}

const totalOf = (meta: { response?: Response } | undefined, fallback: number) =>
  Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? fallback);

/** Saves `file` on the admin's machine under `name`, as a link to it clicked would. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // after the browser has taken the file
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The admin's reads of the business (issue 54, item 8): the sales chart and best sellers, the
 *  filtered orders as a file, the accounts a page at a time, and the products running out. */
export const adminApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getSalesReport: declaredQuery(build, 'salesReport', { providesTags: [{ type: 'Order', id: 'report' }] }),
    /** Downloads the orders the Orders page's filters find as CSV; the file is made and streamed by
     *  the order service, and fetched with the api's own credentials. Answers its size. */
    exportOrders: build.mutation<{ bytes: number }, OrderExportQuery>({
      queryFn: async (query, _api, _extraOptions, baseQuery) => {
        const answer = await baseQuery({ ...declaredRequest('exportOrders', query), responseHandler: (response) => response.blob() });
        if (answer.error) return { error: answer.error };
        const file = answer.data as Blob;
        const disposition = answer.meta?.response?.headers.get('content-disposition') ?? '';
        saveFile(file, /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'bazar-orders.csv');
        return { data: { bytes: file.size } };
      },
    }),
    getUsersPage: declaredQuery(build, 'allUsers', {
      transformResponse: (users, meta): UsersPage => ({ users, total: totalOf(meta, users.length) }),
      providesTags: ['User'],
    }),
    getStoreSettings: declaredQuery(build, 'storeSettings', { providesTags: [{ type: 'Product', id: 'settings' }] }),
    /** A new threshold changes which products are low on stock: the lists are read again. */
    setStoreSettings: declaredMutation(build, 'setStoreSettings', { invalidatesTags: ['Product'] }),
    getLowStockPage: declaredQuery(build, 'lowStock', {
      transformResponse: (products, meta): LowStockPage => ({ products, total: totalOf(meta, products.length) }),
      providesTags: ['Product'],
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useGetSalesReportQuery,
  useExportOrdersMutation,
  useGetUsersPageQuery,
  useGetStoreSettingsQuery,
  useSetStoreSettingsMutation,
  useGetLowStockPageQuery,
} = adminApi;
