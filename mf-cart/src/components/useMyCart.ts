import { cartTotals } from '@bazar/contracts';
import { useShopper } from '@bazar/web-kit';
import { useGetMyCartQuery } from '@bazar/web-kit/api';

/** The signed-in shopper's cart lines and their totals (the routes here are signed-in only). */
export function useMyCart() {
  const shopper = useShopper();
  const cart = useGetMyCartQuery(shopper?.email ?? '', { skip: !shopper, refetchOnMountOrArgChange: true });
  const lines = cart.data ?? [];
  return { shopper, cart, lines, totals: cartTotals(lines) };
}
