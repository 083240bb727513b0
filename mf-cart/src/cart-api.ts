import type { CartLine, Product } from '@bazar/contracts';
import type { SessionState } from '@bazar/web-kit';
import { declaredMutation, declaredRequest, storefrontApi, type DeclaredAnswer } from '@bazar/web-kit/api';

type CartPatch = ReturnType<typeof storefrontApi.util.updateQueryData<'getMyCart'>>;
type Dispatch = (patch: CartPatch) => ReturnType<CartPatch>;
export const selectMyCart = (email: string) => storefrontApi.endpoints.getMyCart.select(email);
export type CartCacheState = Parameters<ReturnType<typeof selectMyCart>>[0];

/** A line shown before the server has answered for it: it has no id of the server's yet. */
const PENDING = 'pending:';
export const isPending = (line: CartLine) => line._id.startsWith(PENDING);

/**
 * Changes the signed-in shopper's cart as the page holds it, at once, so that the badge and the
 * steppers follow a click before the server answers; the answer is undone if the server refuses.
 */
function changeMyCart(dispatch: Dispatch, getState: () => unknown, change: (lines: CartLine[]) => void) {
  const { session } = getState() as { session: SessionState };
  if (session.status !== 'signedIn') return undefined;
  return dispatch(storefrontApi.util.updateQueryData('getMyCart', session.shopper.email, change));
}

/** The cart's writes: the catalog's cards add and step (through `./add-to-cart`), the cart page
 *  steps and removes. Each changes the cart on screen first (see `changeMyCart`). The cart's read,
 *  `getMyCart`, stays in web-kit's api: the shell's top bar counts the cart before any of this
 *  remote's code has loaded. */
export const cartApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** Called with the product, which the line shown before the answer is made of. */
    addToCart: build.mutation<DeclaredAnswer<'addToCart'>, Product>({
      query: (product) => declaredRequest('addToCart', { productId: product._id, cartQuantity: 1 }),
      async onQueryStarted(product, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const line = lines.find((l) => l.productId === product._id);
          if (line) line.cartQuantity += 1;
          else
            lines.push({
              _id: `${PENDING}${product._id}`,
              productId: product._id,
              cartimage: product.img,
              cartName: product.name,
              ...(product.name_bn && { cartName_bn: product.name_bn }),
              cartPrice: product.price,
              cartDes: product.description,
              cartQuantity: 1,
              userEmail: '',
            });
        });
        try {
          const { data: saved } = await queryFulfilled;
          // The server's line, with its id, in place of the guess until the cart is read again.
          changeMyCart(dispatch, getState, (lines) => {
            const at = lines.findIndex((l) => l.productId === saved.productId);
            if (at >= 0) lines[at] = saved;
            else lines.push(saved);
          });
        } catch {
          guess?.undo();
        }
      },
      invalidatesTags: ['Cart'],
    }),
    /** The steppers' + and −; the cart service refuses more than the shelf holds (409). */
    setCartQuantity: declaredMutation(build, 'setCartQuantity', {
      async onQueryStarted({ params: { id }, body: { cartQuantity } }, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const line = lines.find((l) => l._id === id);
          if (line) line.cartQuantity = cartQuantity;
        });
        await queryFulfilled.catch(() => guess?.undo());
      },
      invalidatesTags: ['Cart'],
    }),
    removeCartLine: declaredMutation(build, 'removeCartLine', {
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const at = lines.findIndex((l) => l._id === id);
          if (at >= 0) lines.splice(at, 1);
        });
        await queryFulfilled.catch(() => guess?.undo());
      },
      invalidatesTags: ['Cart'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAddToCartMutation, useSetCartQuantityMutation, useRemoveCartLineMutation } = cartApi;
