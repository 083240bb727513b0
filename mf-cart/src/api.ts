import { serverMessage } from '@bazar/web-kit';
import { storefrontApi } from '@bazar/web-kit/api';
import {
  CART_ALREADY_ORDERED,
  IDEMPOTENCY_KEY_HEADER,
  type CartLine,
  type Order,
  type PlaceOrder,
  type PlaceOrderAnswer,
} from '@bazar/contracts';

/** The refusal of a cart that has already become an order, placed from another tab. */
export const isCartAlreadyOrdered = (error: unknown) => serverMessage(error) === CART_ALREADY_ORDERED;

export const cartApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    removeCartLine: build.mutation<unknown, string>({
      query: (id) => ({ url: `/deletecart/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    /** The cart page's + and −; the cart service refuses more than the shelf holds (409). */
    setCartQuantity: build.mutation<CartLine, { id: string; cartQuantity: number }>({
      query: ({ id, cartQuantity }) => ({ url: `/cartquantity/${encodeURIComponent(id)}`, method: 'PUT', body: { cartQuantity } }),
      invalidatesTags: ['Cart'],
    }),
    /** `requestId` makes a retried or double-clicked Place Order create one order. */
    placeOrder: build.mutation<PlaceOrderAnswer, { order: PlaceOrder; requestId: string }>({
      query: ({ order, requestId }) => ({
        url: '/orderplace',
        method: 'POST',
        body: order,
        headers: { [IDEMPOTENCY_KEY_HEADER]: requestId },
      }),
      // The cart is emptied by the cart service when it consumes OrderPlaced, a moment later; a
      // refetch now could still see the ordered lines, so the cached cart is cleared instead. So it
      // is when another tab has just ordered this very cart.
      async onQueryStarted({ order }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!isCartAlreadyOrdered((failure as { error?: unknown }).error)) return;
        }
        dispatch(storefrontApi.util.updateQueryData('getMyCart', order.email, () => []));
      },
      invalidatesTags: ['Order', 'Product'],
    }),
    getMyOrders: build.query<Order[], void>({
      query: () => '/myorders',
      providesTags: ['Order'],
    }),
    confirmOrder: build.mutation<unknown, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/confirm`, method: 'PUT' }),
      invalidatesTags: ['Order'],
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useRemoveCartLineMutation,
  useSetCartQuantityMutation,
  usePlaceOrderMutation,
  useGetMyOrdersQuery,
  useConfirmOrderMutation,
} = cartApi;
