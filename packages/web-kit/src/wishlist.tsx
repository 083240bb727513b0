import { Heart } from 'lucide-react';
import type { Product } from '@bazar/contracts';
// Through the shared modules, not './api' or './session': this module is a federation singleton of
// its own (the top bar's count in the shell, the hearts in the catalog), and must reach the page's
// one store, api and dialogs.
import { showNotice, showToast, useSession, useShopper, useStore, type StorefrontState } from '@bazar/web-kit';
import { knownSession } from './known-session';
import { refusalCode, refusalText } from './refusalText';
import { declaredQuery, declaredRequest, storefrontApi, type DeclaredAnswer } from '@bazar/web-kit/api';
import { translate, useTranslation } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';

/** The wishlist's read and writes. A heart changes the wishlist on screen at once (its colour, the
 *  top bar's count, the wishlist page) and back if the server refuses. */
export const wishlistApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getMyWishlist: declaredQuery(build, 'myWishlist', { providesTags: ['Wishlist'] }),
    /** Called with the product, which the wishlist page shows before the answer. */
    keepInWishlist: build.mutation<DeclaredAnswer<'keepInWishlist'>, Product>({
      query: (product) => declaredRequest('keepInWishlist', product._id),
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const guess = dispatch(
          wishlistApi.util.updateQueryData('getMyWishlist', undefined, ({ products }) => {
            if (!products.some((kept) => kept._id === product._id)) products.unshift(product);
          }),
        );
        await queryFulfilled.catch(() => guess.undo());
      },
      invalidatesTags: ['Wishlist'],
    }),
    dropFromWishlist: build.mutation<DeclaredAnswer<'dropFromWishlist'>, Product>({
      query: (product) => declaredRequest('dropFromWishlist', product._id),
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const guess = dispatch(
          wishlistApi.util.updateQueryData('getMyWishlist', undefined, (wishlist) => {
            wishlist.products = wishlist.products.filter((kept) => kept._id !== product._id);
          }),
        );
        await queryFulfilled.catch(() => guess.undo());
      },
      invalidatesTags: ['Wishlist'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetMyWishlistQuery, useKeepInWishlistMutation, useDropFromWishlistMutation } = wishlistApi;

/** The signed-in shopper's wishlist; none while signed out or not yet known. */
export function useMyWishlist() {
  const shopper = useShopper();
  return useGetMyWishlistQuery(undefined, { skip: !shopper });
}

/** How many products the shopper's wishlist holds: 0 signed out, undefined while it is read. */
export function useWishlistCount(): number | undefined {
  const session = useSession();
  const { data } = useMyWishlist();
  return session.status === 'signedOut' ? 0 : data?.products.length;
}

const LOOKS = {
  /** on a product card's picture */
  card: 'rounded-full bg-white/90 p-2 shadow',
  /** beside the product page's Add to Cart */
  page: 'rounded-full border border-stone-300 p-3',
};

/**
 * The heart that keeps a product in the wishlist or takes it out. Signed out, it asks to log in as
 * Add to Cart does; pressed while the page is still finding out who is signed in, it waits for that.
 */
export function WishlistHeart({ product, look }: { product: Product; look: keyof typeof LOOKS }) {
  const store = useStore<StorefrontState>();
  const { data } = useMyWishlist();
  const kept = data?.products.some((one) => one._id === product._id) ?? false;
  const [keep, keeping] = useKeepInWishlistMutation();
  const [drop, dropping] = useDropFromWishlistMutation();
  const { t } = useTranslation('common');
  const { name } = useProductText();

  async function toggle() {
    if ((await knownSession(store)).status !== 'signedIn') {
      void showNotice({ tone: 'info', title: translate('common:logInFirst'), text: translate('common:cantKeepWithoutLogin') });
      return;
    }
    const result = kept ? await drop(product) : await keep(product);
    if (result.error) {
      void showToast({ tone: 'error', title: translate('common:oops'), text: wishlistRefusal(result.error) });
    }
  }

  return (
    <button
      type="button"
      aria-pressed={kept}
      aria-label={t(kept ? 'dropFromWishlist' : 'keepInWishlist', { name: name(product) })}
      title={t(kept ? 'inWishlist' : 'addToWishlist')}
      disabled={keeping.isLoading || dropping.isLoading}
      onClick={() => void toggle()}
      className={`${LOOKS[look]} ${kept ? 'text-red-600' : 'text-stone-600 hover:text-red-600'} disabled:opacity-60`}
    >
      <Heart className={`size-5 ${kept ? 'fill-current' : ''}`} aria-hidden />
    </button>
  );
}

/** A refusal in the page's language: the full wishlist and a product gone in the wishlist's own
 *  words, anything else by its code (refusalText). */
function wishlistRefusal(error: unknown): string {
  const code = refusalCode(error);
  if (code === 'wishlist-full') return translate('common:wishlistFull');
  if (code === 'no-such-product') return translate('common:noLongerSold');
  return refusalText(error) ?? translate('common:somethingWentWrong');
}
