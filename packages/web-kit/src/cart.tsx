import { Minus, Plus } from 'lucide-react';
import { MAX_LINE_QUANTITY, type CartLine, type Product } from '@bazar/contracts';
// Through the shared modules, not './api' or './session': this module is a federation singleton of
// its own, and must reach the page's one store, api and Toaster.
import {
  refusalCode,
  refusalText,
  showNotice,
  showToast,
  useShopper,
  useStore,
  type SessionState,
  type StorefrontState,
} from '@bazar/web-kit';
import { declaredMutation, declaredRequest, storefrontApi, useGetMyCartQuery, type DeclaredAnswer } from '@bazar/web-kit/api';
import { currentLanguage, translate, useFormats, useTranslation } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';

type CartPatch = ReturnType<typeof storefrontApi.util.updateQueryData<'getMyCart'>>;
type Dispatch = (patch: CartPatch) => ReturnType<CartPatch>;
const selectMyCart = (email: string) => storefrontApi.endpoints.getMyCart.select(email);
type CartCacheState = Parameters<ReturnType<typeof selectMyCart>>[0];

/** A line shown before the server has answered for it: it has no id of the server's yet. */
const PENDING = 'pending:';
const isPending = (line: CartLine) => line._id.startsWith(PENDING);

/**
 * Changes the signed-in shopper's cart as the page holds it, at once, so that the badge and the
 * steppers follow a click before the server answers; the answer is undone if the server refuses.
 */
function changeMyCart(dispatch: Dispatch, getState: () => unknown, change: (lines: CartLine[]) => void) {
  const { session } = getState() as { session: SessionState };
  if (session.status !== 'signedIn') return undefined;
  return dispatch(storefrontApi.util.updateQueryData('getMyCart', session.shopper.email, change));
}

/** The cart's writes that more than one app makes: the catalog's cards add and step, the cart page
 *  steps and removes. Each changes the cart on screen first (see `changeMyCart`). */
export const cartApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** Called with the product, which the line shown before the answer is made of. */
    addToCart: build.mutation<DeclaredAnswer<'addToCart'>, Product>({
      query: (product) => declaredRequest('addToCart', { productId: product._id, cartQuantity: 1 }),
      async onQueryStarted(product, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const line = lines.find((l) => l.productId === product._id);
          if (line) line.cartQuantity += 1;
          else
            lines.push({
              _id: `${PENDING}${product._id}`,
              productId: product._id,
              cartimage: product.img,
              cartName: product.name,
              ...(product.name_bn && { cartName_bn: product.name_bn }),
              cartPrice: product.price,
              cartDes: product.description,
              cartQuantity: 1,
              userEmail: '',
            });
        });
        try {
          const { data: saved } = await queryFulfilled;
          // The server's line, with its id, in place of the guess until the cart is read again.
          changeMyCart(dispatch, getState, (lines) => {
            const at = lines.findIndex((l) => l.productId === saved.productId);
            if (at >= 0) lines[at] = saved;
            else lines.push(saved);
          });
        } catch {
          guess?.undo();
        }
      },
      invalidatesTags: ['Cart'],
    }),
    /** The steppers' + and −; the cart service refuses more than the shelf holds (409). */
    setCartQuantity: declaredMutation(build, 'setCartQuantity', {
      async onQueryStarted({ params: { id }, body: { cartQuantity } }, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const line = lines.find((l) => l._id === id);
          if (line) line.cartQuantity = cartQuantity;
        });
        await queryFulfilled.catch(() => guess?.undo());
      },
      invalidatesTags: ['Cart'],
    }),
    removeCartLine: declaredMutation(build, 'removeCartLine', {
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const guess = changeMyCart(dispatch, getState, (lines) => {
          const at = lines.findIndex((l) => l._id === id);
          if (at >= 0) lines.splice(at, 1);
        });
        await queryFulfilled.catch(() => guess?.undo());
      },
      invalidatesTags: ['Cart'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAddToCartMutation, useSetCartQuantityMutation, useRemoveCartLineMutation } = cartApi;

const somethingWentWrong = (error: unknown, words = refusalText(error)) => ({
  tone: 'error' as const,
  title: translate('common:oops'),
  text: words ?? translate('common:somethingWentWrong'),
});

/** The words for a product the shelf holds only `available` of (none: out of stock), in the page's
 *  language, the number written as `formatNumber` writes it. */
export function shelfHoldsOnly(name: string, available: number, formatNumber: (value: number) => string): string {
  return available > 0
    ? translate('common:onlyLeftOf', { left: formatNumber(available), name })
    : translate('common:outOfStockNamed', { name });
}

/** A refusal of the cart's as the shopper reads it: on a Bangla page, a stock refusal
 *  (CartStockRefusal: how many the shelf holds) in Bangla, by the product's name as the page shows
 *  it; any other by its code (refusalText), in the server's words on an English page. */
function cartRefusalWords(error: unknown, name: string, formatNumber: (value: number) => string): string | undefined {
  const available = (error as { data?: { available?: unknown } } | undefined)?.data?.available;
  if (currentLanguage() === 'bn' && refusalCode(error) === 'not-enough-stock' && typeof available === 'number')
    return shelfHoldsOnly(name, available, formatNumber);
  return refusalText(error);
}

/** The signed-in shopper's line of a product, if it is in the cart. */
export function useCartLine(productId: string): CartLine | undefined {
  const shopper = useShopper();
  return useGetMyCartQuery(shopper?.email ?? '', {
    skip: !shopper,
    selectFromResult: ({ data }) => ({ line: data?.find((line) => line.productId === productId) }),
  }).line;
}

/** Adds a product to the signed-in shopper's cart: the badge counts it at once, a toast says so with
 *  an Undo, and a refusal takes it back with the reason. */
export function useAddToCart() {
  const store = useStore<StorefrontState>();
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const [setQuantity] = useSetCartQuantityMutation();
  const [removeLine] = useRemoveCartLineMutation();
  const { formatNumber } = useFormats();
  const { name } = useProductText();

  /** The session once it is known: a click while the page is still finding out whether the visitor
   *  is signed in waits for the answer, rather than telling a signed-in shopper to log in first. */
  const knownSession = () =>
    new Promise<SessionState>((resolve) => {
      const settle = () => {
        const session = store.getState().session;
        if (session.status === 'resolving') return false;
        resolve(session);
        return true;
      };
      if (settle()) return;
      const unsubscribe = store.subscribe(() => settle() && unsubscribe());
    });

  /** Undo: the piece just added comes off again, and the line goes when it was the only one. */
  async function takeBack(productId: string) {
    const { session } = store.getState();
    if (session.status !== 'signedIn') return;
    const lines = selectMyCart(session.shopper.email)(store.getState() as CartCacheState).data ?? [];
    const line = lines.find((l) => l.productId === productId);
    if (!line || isPending(line)) return;
    const result =
      line.cartQuantity > 1
        ? await setQuantity({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity - 1 } })
        : await removeLine(line._id);
    if (result.error) void showToast(somethingWentWrong(result.error));
  }

  async function add(product: Product) {
    if ((await knownSession()).status !== 'signedIn') {
      void showNotice({ tone: 'info', title: translate('common:logInFirst'), text: translate('common:cantAddWithoutLogin') });
      return;
    }
    const result = await addToCart(product);
    if (result.error) {
      void showToast(somethingWentWrong(result.error, cartRefusalWords(result.error, name(product), formatNumber)));
      return;
    }
    void showToast({
      tone: 'success',
      title: translate('common:added'),
      text: translate('common:canCheckoutNow'),
      action: { label: translate('common:undo'), onClick: () => void takeBack(product._id) },
    });
  }

  return { add, adding: isLoading };
}

const STEPPER_LOOK = {
  /** on a product card, in the place of its Add button */
  card: {
    group: 'flex items-center justify-between rounded-full bg-brand-50 p-0.5 ring-1 ring-brand-200',
    button: 'flex size-8 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-40',
    count: 'min-w-8 text-center text-sm font-bold text-brand-800',
  },
  /** on a line of the cart page */
  line: {
    group: 'flex items-center gap-2',
    button:
      'flex size-8 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 disabled:opacity-40',
    count: 'min-w-8 text-center font-semibold text-stone-800',
  },
};

/**
 * − quantity + for one cart line. The cart service checks the stock; its refusal shows under the
 * buttons ("Only 2 of Hilsa left"). On the cart page one piece is the least (fewer is Remove From
 * Cart); on a product card, − at one piece takes the product off the cart and the Add button is back.
 */
export function CartStepper({ line, look }: { line: CartLine; look: keyof typeof STEPPER_LOOK }) {
  const [setQuantity, saving] = useSetCartQuantityMutation({ fixedCacheKey: `quantity-${line.productId}` });
  const [removeLine, removing] = useRemoveCartLineMutation();
  const busy = isPending(line) || saving.isLoading || removing.isLoading;
  const removesAtOne = look === 'card';
  const style = STEPPER_LOOK[look];
  const { t } = useTranslation('common');
  const { formatNumber } = useFormats();
  const { lineName } = useProductText();
  const refusal = saving.isError ? (cartRefusalWords(saving.error, lineName(line), formatNumber) ?? t('quantityNotChanged')) : undefined;

  function less() {
    if (line.cartQuantity > 1) void setQuantity({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity - 1 } });
    else if (removesAtOne) void removeLine(line._id).then((result) => result.error && void showToast(somethingWentWrong(result.error)));
  }

  return (
    <div>
      <div className={style.group} role="group" aria-label={t('quantityOf', { name: lineName(line) })}>
        <button
          type="button"
          className={style.button}
          aria-label={t('oneLess')}
          disabled={busy || (!removesAtOne && line.cartQuantity <= 1)}
          onClick={less}
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <output className={style.count} aria-live="polite">
          {formatNumber(line.cartQuantity)}
        </output>
        <button
          type="button"
          className={style.button}
          aria-label={t('oneMore')}
          disabled={busy || line.cartQuantity >= MAX_LINE_QUANTITY}
          onClick={() => void setQuantity({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity + 1 } })}
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
      {refusal && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}
