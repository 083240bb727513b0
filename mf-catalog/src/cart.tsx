// The catalog's door to the cart. Add to cart and the cart line's stepper are the cart remote's
// (mf-cart/src/add-to-cart.tsx, exposed as `cart/add-to-cart`), loaded once a page with products has
// painted; which products are in the cart is web-kit's shared read of it. The products never wait
// for the cart's module: until it has arrived a card shows its Add button (a press waits for the
// module), and when the cart remote cannot be reached the button says so, disabled, while the
// product stays on show.
import { startTransition, useEffect, useState } from 'react';
import type { CartLine, Product } from '@bazar/contracts';
import { showToast, useShopper, useStore, type StorefrontStore } from '@bazar/web-kit';
import { useGetMyCartQuery } from '@bazar/web-kit/api';
import { translate } from '@bazar/web-kit/i18n';
import type * as AddToCart from 'cart/add-to-cart';
import { loadRemoteModule } from './remote-module';

export type CartModule = typeof AddToCart;

/** the module once arrived; `loading` before; `unavailable` after a failed load, until one succeeds */
type CartModuleState = CartModule | 'loading' | 'unavailable';

let state: CartModuleState = 'loading';
let loading: Promise<CartModule> | undefined;
const watchers = new Set<() => void>();

function set(next: CartModuleState) {
  state = next;
  for (const watcher of watchers) watcher();
}

/** Loads the cart's module, once; a failed load is forgotten, so the next page that asks tries again. */
function loadCart(): Promise<CartModule> {
  if (!loading) {
    // (after a failure the buttons stay disabled until a load succeeds)
    loading = loadRemoteModule<CartModule>('cart/add-to-cart').then(
      (module) => {
        set(module);
        return module;
      },
      (error: unknown) => {
        console.error('The cart remote is unavailable', error);
        loading = undefined;
        set('unavailable');
        throw error;
      },
    );
  }
  return loading;
}

function watch(watcher: () => void) {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

/** The cart's module as far as it has come; asks for it after the calling component has painted, so
 *  never in the renderer's server render (effects do not run there): a rendered page is for a visitor
 *  not yet known, its markup holds nothing of the cart's, and the cart's stylesheet would be linked in
 *  its head, before its paint. */
export function useCartModule(): CartModuleState {
  // What the rendered HTML showed first, then the module's arrival as a transition: an urgent update
  // (useSyncExternalStore's) reaching a part of the page still hydrating makes React drop its HTML
  // and draw it again, so the home page's lower sections flashed when the module came.
  const [current, setCurrent] = useState<CartModuleState>('loading');
  useEffect(() => {
    const follow = () => startTransition(() => setCurrent(state));
    const stop = watch(follow);
    follow();
    void loadCart().catch(() => undefined);
    return stop;
  }, []);
  return current;
}

/** The signed-in shopper's line of a product, if it is in the cart: web-kit's read of the cart, which
 *  the top bar's count shares, so a card knows it before the cart's module has arrived and its Add
 *  button is not swapped for another on arrival. */
export function useCartLine(productId: string): CartLine | undefined {
  const shopper = useShopper();
  return useGetMyCartQuery(shopper?.email ?? '', {
    skip: !shopper,
    selectFromResult: ({ data }) => ({ line: data?.find((line) => line.productId === productId) }),
  }).line;
}

/** Adds a product to the signed-in shopper's cart (the cart's `addToCart`: toast, Undo, refusals);
 *  a press before the cart's module has arrived waits for it. `unavailable`: the cart remote could
 *  not be reached, and Add buttons are disabled. */
export function useAddToCart() {
  const store = useStore() as StorefrontStore;
  const cart = useCartModule();
  const [adding, setAdding] = useState(false);

  async function add(product: Product) {
    setAdding(true);
    try {
      const module = await loadCart().catch(() => undefined);
      if (module) await module.addToCart(store, product);
      else void showToast({ tone: 'error', title: translate('common:oops'), text: translate('catalog:cartUnavailable') });
    } finally {
      setAdding(false);
    }
  }

  return { add, adding, unavailable: cart === 'unavailable' };
}
