import { useGetMyCartQuery, useShopper } from '@bazar/web-kit';

/** Items in the signed-in shopper's cart; 0 when signed out. */
export function useCartCount(): number {
  const shopper = useShopper();
  const { data: lines = [] } = useGetMyCartQuery(shopper?.email ?? '', { skip: !shopper });
  return shopper ? lines.reduce((count, line) => count + line.cartQuantity, 0) : 0;
}
