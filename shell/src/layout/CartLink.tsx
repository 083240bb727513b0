import { ShoppingCart } from 'lucide-react';
import { useSession } from '@bazar/web-kit';
import { useGetMyCartQuery } from '@bazar/web-kit/api';
import { IconLink } from './TopBarIcons';
import { useShellText } from '../i18n';

/** The cart, with the number of items in the signed-in shopper's cart (0 when signed out). No
 *  number until it is known: a '0' while the cart is read would be a wrong figure. */
export default function CartLink() {
  const session = useSession();
  const t = useShellText();
  const email = session.status === 'signedIn' ? session.shopper.email : '';
  const { data: lines } = useGetMyCartQuery(email, { skip: !email });
  const count = session.status === 'signedOut' ? 0 : lines?.reduce((sum, line) => sum + line.cartQuantity, 0);
  return (
    <IconLink to="/cart" label={t('cart')} count={count}>
      <ShoppingCart className="size-6" />
    </IconLink>
  );
}
