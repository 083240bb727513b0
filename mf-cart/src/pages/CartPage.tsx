import { Link } from '@bazar/web-kit/routing';
import { ShoppingBasket, ShoppingCart, Trash2 } from 'lucide-react';
import { showNotice, Spinner, LoadFailure } from '@bazar/web-kit';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import '../styles.css';
import { CartStepper } from '../components/CartStepper';
import { useRemoveCartLineMutation } from '../cart-api';
import { useProductText } from '@bazar/web-kit/product-text';
import { useMyCart } from '../components/useMyCart';
import { OrderSummary } from '../components/OrderSummary';
import { VerifyEmailNotice } from '../components/VerifyEmailNotice';
import { useCartText } from '../i18n';

export default function CartPage() {
  const { cart, lines, totals } = useMyCart();
  const [removeLine, removing] = useRemoveCartLineMutation();
  const t = useCartText();
  const { formatTaka } = useFormats();
  const { lineName } = useProductText();

  async function remove(id: string) {
    const result = await removeLine(id);
    void showNotice(
      result.error
        ? { tone: 'error', title: translate('common:oops'), text: translate('common:somethingWentWrong') }
        : { tone: 'success', title: translate('cart:deletedItem'), text: translate('cart:successfullyRemoved') },
    );
  }

  if (cart.isLoading) return <Spinner label={t('loadingCart')} />;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="cart-title">
        <h1 id="cart-title" className="text-3xl font-extrabold text-stone-800">
          {t('yourCart')}
        </h1>
        <VerifyEmailNotice className="mt-4" />
        {cart.isError && <LoadFailure what={t('theCart')} onRetry={() => void cart.refetch()} className="mt-4" />}
        {lines.length === 0 && !cart.isError ? (
          <div className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-12 text-center">
            <ShoppingCart className="mx-auto size-14 text-stone-300" aria-hidden />
            <h2 className="mt-4 text-2xl font-bold text-stone-700">{t('cartEmpty')}</h2>
            <Link to="/" className="mt-6 inline-block rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700">
              {t('continueShopping')}
            </Link>
          </div>
        ) : (
          <ul className="mt-6 space-y-4">
            {lines.map((line) => (
              <li key={line._id} className="flex flex-wrap items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                {line.cartimage ? (
                  <img src={line.cartimage} alt={lineName(line)} className="size-20 rounded-xl bg-brand-50 object-contain p-2" />
                ) : (
                  <span className="flex size-20 items-center justify-center rounded-xl bg-brand-50 text-brand-200" aria-hidden>
                    <ShoppingBasket className="size-8" />
                  </span>
                )}
                <div className="flex-1">
                  <h2 className="font-semibold text-stone-800">{lineName(line)}</h2>
                  <p className="text-sm text-stone-500">{t('perPiece', { price: formatTaka(line.cartPrice) })}</p>
                </div>
                <CartStepper line={line} look="line" />
                <button
                  type="button"
                  disabled={removing.isLoading}
                  onClick={() => void remove(line._id)}
                  className="flex items-center gap-1.5 rounded-full border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  <Trash2 className="size-4" aria-hidden /> {t('removeFromCart')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <aside aria-label={t('cartSummaryLabel')} className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-xl font-bold text-stone-800">{t('cartSummary')}</h2>
        <OrderSummary totals={totals} />
        <Link to="/checkout" className="mt-6 block rounded-full bg-brand-600 py-3 text-center font-semibold text-white hover:bg-brand-700">
          {t('proceedToCheckout')}
        </Link>
      </aside>
    </div>
  );
}
