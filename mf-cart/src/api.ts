import { refusalCode } from '@bazar/web-kit/refusals';
import { declaredMutation, declaredQuery, storefrontApi } from '@bazar/web-kit/api';
import { takeChangeInto, type OrderChangeTaker } from '@bazar/web-kit/orders';

/** A refusal of Place Order whose remedy is on My Orders: this cart has already become an order
 *  (placed from another tab), or too many orders await confirmation. The other refusals are read on
 *  the cart: a stock refusal names its items, and a cart changed meanwhile is checked again. */
export function pointsToMyOrders(error: unknown): boolean {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { items?: unknown } };
  return status === 409 && data?.items === undefined && refusalCode(error) !== 'cart-changed-during-order';
}

export const ordersApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** The idempotency key makes a retried or double-clicked Place Order create one order.
     *  The order service takes the ordered lines off the cart before it answers 201, and a refusal
     *  (stock, a cart already ordered) leaves the cart as the server now has it: either way the
     *  cart, its badge and the products' stock are read again. */
    placeOrder: declaredMutation(build, 'placeOrder', { invalidatesTags: ['Order', 'Product', 'Cart'] }),
    getMyOrders: declaredQuery(build, 'myOrders', { providesTags: ['Order'] }),
    /** 'Pay on delivery': a placed order becomes confirmed. A refusal (409) says where it stands. */
    confirmOrder: declaredMutation(build, 'confirmOrder', { invalidatesTags: ['Order'] }),
    /** The shopper cancels until the order is packed; its units go back on the shelf. */
    cancelOrder: declaredMutation(build, 'cancelOrder', { invalidatesTags: ['Order', 'Product'] }),
  }),
  overrideExisting: 'throw',
});

export const { usePlaceOrderMutation, useGetMyOrdersQuery, useConfirmOrderMutation, useCancelOrderMutation } = ordersApi;

/** My Orders takes a change of the live stream in from its message (issue 53): the order's card
 *  moves on at once, without reading the list again; only an order the list does not hold (placed in
 *  another tab or device) has the list read again. */
export const takeMyOrderChange: OrderChangeTaker = (change, { dispatch, reread }) => {
  let held = false;
  dispatch(
    ordersApi.util.updateQueryData('getMyOrders', undefined, (orders) => {
      const order = orders.find((one) => one._id === change.orderId);
      if (!order) return;
      held = true;
      takeChangeInto(order, change);
    }),
  );
  if (!held) reread('Order');
};
