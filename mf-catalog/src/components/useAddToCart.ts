import { showNotice, useShopper } from '@bazar/web-kit';
import type { Product } from '@bazar/contracts';
import { useAddToCartMutation } from '../api';

/** Adds a product to the signed-in shopper's cart and says how it went. */
export function useAddToCart() {
  const shopper = useShopper();
  const [addToCart, { isLoading }] = useAddToCartMutation();

  async function add(product: Product) {
    if (!shopper) {
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
