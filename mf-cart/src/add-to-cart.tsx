// What the catalog's cards and product page take from the cart, as this remote's exposed module
// `cart/add-to-cart` (webpack.config.mjs): Add to cart with its toast and Undo, and the − quantity +
// stepper of a line. No page of the cart imports this file, so that its chunk is its own: the
// catalog fetches none of the cart's pages. The catalog loads it through the federation runtime
// once its page has painted, so what a page calls before it has arrived is a plain function
// (`addToCart`), not a hook.
import type { Product } from '@bazar/contracts';
import { showNotice, showToast, type StorefrontStore } from '@bazar/web-kit';
import { knownSession } from '@bazar/web-kit/known-session';
import { currentLanguage, formatNumber, translate } from '@bazar/web-kit/i18n';
import { cartApi, isPending, selectMyCart, type CartCacheState } from './cart-api';
import { cartRefusalWords, somethingWentWrong } from './cart-words';
// The stepper shows inside the catalog's cards, whose styles are the catalog's: it brings the cart's.
import './styles.css';

export { CartStepper } from './components/CartStepper';

/** Undo: the piece just added comes off again, and the line goes when it was the only one. */
async function takeBack(store: StorefrontStore, productId: string) {
  const { session } = store.getState();
  if (session.status !== 'signedIn') return;
  const lines = selectMyCart(session.shopper.email)(store.getState() as CartCacheState).data ?? [];
  const line = lines.find((l) => l.productId === productId);
  if (!line || isPending(line)) return;
  const result =
    line.cartQuantity > 1
      ? await store.dispatch(
          cartApi.endpoints.setCartQuantity.initiate({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity - 1 } }),
        )
      : await store.dispatch(cartApi.endpoints.removeCartLine.initiate(line._id));
  if (result.error) void showToast(somethingWentWrong(result.error));
}

/** The product's name as the page shows it, for a refusal's words. */
const nameOf = (product: Product) => (currentLanguage() === 'bn' && product.name_bn) || product.name;

/** Adds a product to the signed-in shopper's cart in the page's store: the badge counts it at once, a
 *  toast says so with an Undo, and a refusal takes it back with the reason. */
export async function addToCart(store: StorefrontStore, product: Product): Promise<void> {
  if ((await knownSession(store)).status !== 'signedIn') {
    void showNotice({ tone: 'info', title: translate('common:logInFirst'), text: translate('common:cantAddWithoutLogin') });
    return;
  }
  const result = await store.dispatch(cartApi.endpoints.addToCart.initiate(product));
  if (result.error) {
    void showToast(somethingWentWrong(result.error, cartRefusalWords(result.error, nameOf(product), formatNumber)));
    return;
  }
  void showToast({
    tone: 'success',
    title: translate('common:added'),
    text: translate('common:canCheckoutNow'),
    action: { label: translate('common:undo'), onClick: () => void takeBack(store, product._id) },
  });
}
