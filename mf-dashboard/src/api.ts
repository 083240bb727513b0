import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query/react';
import { declaredMutation, declaredQuery, declaredRequest, storefrontApi } from '@bazar/web-kit/api';
import {
  OBJECT_ID_PATTERN,
  TOTAL_COUNT_HEADER,
  UPLOAD_FIELD,
  type Order,
  type OrderListQuery,
  type OrderStreamMessage,
  type Product,
  type UploadAnswer,
} from '@bazar/contracts';
import { takeChangeInto } from '@bazar/web-kit/orders';

export interface ImageUpload {
  image: File;
  /** called as the bytes go out, with the fraction sent so far (0 to 1) */
  onProgress?: (fraction: number) => void;
}

type UploadResult = QueryReturnValue<UploadAnswer, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;
type BaseQueryAnswer = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;

/**
 * The request the api's own base query would send for `request`: its full URL and its headers, set by
 * the api's `prepareHeaders` (the shell's token getter, asked at this moment). The base query runs
 * on a signal aborted beforehand, and fetch refuses an aborted request before anything is sent;
 * the request it built stays in the answer's meta. So the token is fetched the one way every call
 * of the store fetches it, and never held anywhere.
 */
async function preparedRequest(
  baseQuery: (arg: FetchArgs) => BaseQueryAnswer | PromiseLike<BaseQueryAnswer>,
  request: FetchArgs,
): Promise<Request | undefined> {
  const dryRun = await baseQuery({ ...request, signal: AbortSignal.abort() });
  return dryRun.meta?.request;
}

/** POSTs the image as the media service expects it (multipart, field `image`), reporting progress. */
function sendWithProgress(prepared: Request, image: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(prepared.method, prepared.url);
    const authorization = prepared.headers.get('Authorization');
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      // a refusal is `{ error }` from the media service, or null when the body was not JSON (an
      // HTML page from nginx); either way in the shape fetchBaseQuery gives, for serverMessage()
      const body = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data: body as UploadAnswer });
      else resolve({ error: { status: xhr.status, data: body } });
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR', error: 'The image could not be sent' } });
    const body = new FormData();
    body.append(UPLOAD_FIELD, image);
    xhr.send(body);
  });
}

/** A page of the shelf, and how many products the whole shelf holds. */
export interface ShelfPage {
  products: Product[];
  total: number;
}

export const dashboardApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getMyProfile: declaredQuery(build, 'myProfile', { providesTags: ['User'] }),
    updateMyProfile: declaredMutation(build, 'updateProfile', { invalidatesTags: ['User'] }),
    getAllUsers: declaredQuery(build, 'allUsers', { providesTags: ['User'] }),
    makeAdmin: declaredMutation(build, 'makeAdmin', { invalidatesTags: ['User'] }),
    /** Demotes an admin; the user service refuses (409, with its reason) to demote the last one. */
    removeAdmin: declaredMutation(build, 'removeAdmin', { invalidatesTags: ['User'] }),
    /** Deletes a user by id; an admin cannot delete their own account (409). */
    deleteUser: declaredMutation(build, 'deleteUser', { invalidatesTags: ['User'] }),
    addOffer: declaredMutation(build, 'publishOffer', { invalidatesTags: ['Offer'] }),
    /** Stores an image with the media service; answers its public URL. Sent with XMLHttpRequest,
     *  the one browser API that reports upload progress, on the request the api itself prepares
     *  (its URL and headers, the bearer token among them). */
    uploadImage: build.mutation<UploadAnswer, ImageUpload>({
      queryFn: async ({ image, onProgress }, _api, _extraOptions, baseQuery) => {
        const prepared = await preparedRequest(baseQuery, declaredRequest('uploadImage', undefined));
        if (!prepared) return { error: { status: 'CUSTOM_ERROR', error: 'The upload could not be prepared' } };
        return sendWithProgress(prepared, image, onProgress);
      },
    }),
    /** The form sends price and quantity as typed, as text; the catalog parses and checks them. */
    addProduct: declaredMutation(build, 'publishProduct', { invalidatesTags: ['Product'] }),
    /** The admin's Products list; named apart from the catalog remote's reads of the same endpoints,
     *  which the page may hold too. */
    getShelfPage: declaredQuery(build, 'listProducts', {
      transformResponse: (products, meta): ShelfPage => ({
        products,
        total: Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? products.length),
      }),
      providesTags: ['Product'],
    }),
    getProductToEdit: declaredQuery(build, 'productDetails', { providesTags: (_product, _error, id) => [{ type: 'Product', id }] }),
    /** Sends the fields the admin changed; every list and page of the product is read again. */
    editProduct: declaredMutation(build, 'editProduct', { invalidatesTags: ['Product'] }),
    addReview: declaredMutation(build, 'sendReview'),
    /** A page of every shopper's orders, newest first, as the admin filtered them. */
    getAllOrders: declaredQuery(build, 'allOrders', { providesTags: ['Order', { type: 'Order', id: 'list' }] }),
    getOrderSummary: declaredQuery(build, 'orderSummary', { providesTags: ['Order', { type: 'Order', id: 'summary' }] }),
    /** Moves an order one step on, or cancels it (its units go back on the shelf). The answer is the
     *  moved order, taken into the lists at once (listOrderMove), without reading them again; the
     *  figures follow the live stream's message. A refusal (409) says where the order stands now, and
     *  the orders are read again. */
    setOrderStatus: declaredMutation(build, 'setOrderStatus', {
      invalidatesTags: (_result, error, { body: { status } }) => [
        ...(error ? (['Order'] as const) : []),
        ...(status === 'cancelled' ? (['Product'] as const) : []),
      ],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const moved = await queryFulfilled.catch(() => undefined);
        const last = moved?.data.history.at(-1);
        if (!moved || !last) return;
        const change = { orderId: moved.data._id, status: moved.data.status, at: last.at, by: last.by };
        if (listOrderMove(change, dispatch, getState as () => DashboardState).listsStale)
          dispatch(storefrontApi.util.invalidateTags([{ type: 'Order', id: 'list' }]));
      },
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useGetAllUsersQuery,
  useMakeAdminMutation,
  useRemoveAdminMutation,
  useDeleteUserMutation,
  useAddOfferMutation,
  useAddReviewMutation,
  useUploadImageMutation,
  useAddProductMutation,
  useGetShelfPageQuery,
  useGetProductToEditQuery,
  useEditProductMutation,
  useGetAllOrdersQuery,
  useGetOrderSummaryQuery,
  useSetOrderStatusMutation,
} = dashboardApi;

type DashboardState = Parameters<typeof dashboardApi.util.selectCachedArgsForQuery>[0];

/** Whether the admin's list for `query` may come to hold the order `change` moved, which it does not
 *  hold now: a new order on a first page, a moved one into a list filtered on its new status; never
 *  into a search for another order's id. */
function mayEnter(query: Pick<Partial<OrderListQuery>, 'q' | 'status'> & { page?: unknown }, change: OrderStreamMessage): boolean {
  if (query.q && OBJECT_ID_PATTERN.test(query.q) && query.q !== change.orderId) return false;
  if (query.status) return query.status === change.status;
  return change.previous === undefined && Number(query.page ?? 1) === 1;
}

/**
 * Takes a move of an order into every cached page of the admin's list, from the move alone (issue
 * 53): the order's row and detail move on where a page holds it. Answers the order as it was before
 * (when a page held it), and whether some page must be read again: the order leaves a list filtered
 * on its old status, or may enter one that does not hold it (mayEnter).
 */
export function listOrderMove(
  change: OrderStreamMessage,
  dispatch: (action: unknown) => unknown,
  getState: () => DashboardState,
): { before: Order | undefined; listsStale: boolean } {
  let before: Order | undefined;
  let listsStale = false;
  const state = getState();
  for (const query of dashboardApi.util.selectCachedArgsForQuery(state, 'getAllOrders')) {
    const held = dashboardApi.endpoints.getAllOrders
      .select(query)(state)
      .data?.orders.find((order) => order._id === change.orderId);
    if (!held) {
      if (mayEnter(query, change)) listsStale = true;
      continue;
    }
    before ??= held;
    if (query.status && query.status !== change.status) listsStale = true;
    else
      dispatch(
        dashboardApi.util.updateQueryData('getAllOrders', query, (page) => {
          const order = page.orders.find((one) => one._id === change.orderId);
          if (order) takeChangeInto(order, change);
        }),
      );
  }
  return { before, listsStale };
}
