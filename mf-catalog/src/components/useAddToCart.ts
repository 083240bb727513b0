import { showNotice, useStore, type SessionState } from '@bazar/web-kit';
import type { Product } from '@bazar/contracts';
import { useAddToCartMutation } from '../api';

/** Adds a product to the signed-in shopper's cart and says how it went. */
export function useAddToCart() {
  const store = useStore<{ session: SessionState }>();
  const [addToCart, { isLoading }] = useAddToCartMutation();

  /** The session once it is known: a click while the page is still finding out whether the visitor
   *  is signed in waits for the answer, rather than telling a signed-in shopper to log in first. */
  const knownSession = () =>
    new Promise<SessionState>((resolve) => {
      const settle = () => {
        const session = store.getState().session;
        if (session.status === 'resolving') return false;
        resolve(session);
        return true;
      };
      if (settle()) return;
      const unsubscribe = store.subscribe(() => settle() && unsubscribe());
    });

  async function add(product: Product) {
    if ((await knownSession()).status !== 'signedIn') {
      void showNotice({ tone: 'info', title: 'Log In First', text: "You Can't Add To Cart WithOut Login" });
      return;
    }
    const result = await addToCart({ productId: product._id, cartQuantity: 1 });
    void showNotice(
      result.error
        ? { tone: 'error', title: 'Oops...', text: 'Something went wrong!' }
        : { tone: 'success', title: 'SuccessFully Added', text: 'You Can Checkout this Product Now' },
    );
  }

  return { add, adding: isLoading };
}
