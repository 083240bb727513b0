import { Heart } from 'lucide-react';
import { useWishlistCount } from '@bazar/web-kit/wishlist';
import { IconLink } from './TopBarIcons';
import { useShellText } from '../i18n';

/** The wishlist, with how many products the signed-in shopper keeps in it (0 when signed out). No
 *  number until it is known: a '0' while the wishlist is read would be a wrong figure. */
export default function WishlistLink() {
  const t = useShellText();
  return (
    <IconLink to="/wishlist" label={t('wishlist')} count={useWishlistCount()}>
      <Heart className="size-6" />
    </IconLink>
  );
}
