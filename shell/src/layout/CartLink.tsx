import { ShoppingCart } from 'lucide-react';
import { useShopper } from '@bazar/web-kit';
import { useGetMyCartQuery } from '@bazar/web-kit/api';
import { IconLink } from './TopBarIcons';
import { useShellText } from '../i18n';

/** The cart, with the number of items in the signed-in shopper's cart; 0 when signed out. */
export default function CartLink() {
  const shopper = useShopper();
  const t = useShellText();
  const { data: lines = [] } = useGetMyCartQuery(shopper?.email ?? '', { skip: !shopper });
  const count = shopper ? lines.reduce((sum, line) => sum + line.cartQuantity, 0) : 0;
  return (
    <IconLink to="/cart" label={t('cart')} count={count}>
      <ShoppingCart className="size-6" />
    </IconLink>
  );
}
