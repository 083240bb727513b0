import { useState } from 'react';
import { useShopper, type NoticeMessage } from '@bazar/web-kit';
import type { Product } from '@bazar/contracts';
import { useAddToCartMutation } from '../api';

/** Adds a product to the signed-in shopper's cart and says how it went. */
export function useAddToCart() {
  const shopper = useShopper();
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const [notice, setNotice] = useState<NoticeMessage>();

  async function add(product: Product) {
    if (!shopper) {
      setNotice({ tone: 'info', title: 'Log In First', text: "You Can't Add To Cart WithOut Login" });
      return;
    }
    const result = await addToCart({ productId: product._id, cartQuantity: 1 });
    setNotice(
      result.error
        ? { tone: 'error', title: 'Oops...', text: 'Something went wrong!' }
        : { tone: 'success', title: 'SuccessFully Added', text: 'You Can Checkout this Product Now' },
    );
  }

  return { add, adding: isLoading, notice, dismissNotice: () => setNotice(undefined) };
}
