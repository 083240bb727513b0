import { showNotice } from '@bazar/web-kit';
import { useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { Link } from '@bazar/web-kit/routing';
import type { BuyAgainAnswer, Order } from '@bazar/contracts';
import { FileText, RotateCcw } from 'lucide-react';
import { useBuyAgainMutation } from '../after-order-api';
import { useCartText } from '../i18n';
import { useRefusalText } from '../refusals';

/** What Buy again says: how many lines went back, and each line that did not come back whole, by the
 *  name the order has for it in the page's language. */
export function useBuyAgainReport() {
  const t = useCartText();
  const language = useLanguage();
  const { formatNumber } = useFormats();
  return ({ lines, shortfalls }: BuyAgainAnswer) => {
    const named = (line: BuyAgainAnswer['shortfalls'][number]) => (language === 'bn' && line.name_bn) || line.name;
    const missing = shortfalls.map((line) =>
      !line.sold
        ? t('buyAgain.notSold', { name: named(line) })
        : line.added === 0
          ? t('buyAgain.outOfStock', { name: named(line) })
          : t('buyAgain.short', { name: named(line), added: formatNumber(line.added), requested: formatNumber(line.requested) }),
    );
    const added =
      lines.length > 0 ? t('buyAgain.added', { count: lines.length, lines: formatNumber(lines.length) }) : t('buyAgain.nothingAdded');
    return {
      tone: lines.length === 0 ? ('error' as const) : missing.length > 0 ? ('info' as const) : ('success' as const),
      title: lines.length === 0 ? t('buyAgain.nothingTitle') : t('buyAgain.addedTitle'),
      text: [added, ...missing].join(' '),
    };
  };
}

/** A button that puts the order's lines back into the cart, at today's prices. */
export function BuyAgainButton({ order, className = '' }: { order: Order; className?: string }) {
  const t = useCartText();
  const [buyAgain, buying] = useBuyAgainMutation();
  const report = useBuyAgainReport();
  const refusalText = useRefusalText();

  async function again() {
    const result = await buyAgain(order._id);
    if (result.error) {
      void showNotice({ tone: 'error', title: t('buyAgain.nothingTitle'), text: refusalText(result.error) });
      return;
    }
    const { tone, title, text } = report(result.data);
    void showNotice({
      tone,
      title,
      text,
      ...(result.data.lines.length > 0 && { footer: { text: t('buyAgain.goToCart'), href: '/cart' } }),
    });
  }

  return (
    <button
      type="button"
      disabled={buying.isLoading}
      onClick={() => void again()}
      className={`inline-flex items-center gap-1.5 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50 ${className}`}
    >
      <RotateCcw aria-hidden className="size-4" />
      {buying.isLoading ? t('buyAgain.adding') : t('buyAgain.button')}
    </button>
  );
}

/** An order's after-sale actions on My Orders: its receipt, and buying it again. */
export function AfterOrderActions({ order }: { order: Order }) {
  const t = useCartText();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Link
        to={`/receipt/${order._id}`}
        className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50"
      >
        <FileText aria-hidden className="size-4" />
        {t('receipt.link')}
      </Link>
      <BuyAgainButton order={order} />
    </div>
  );
}
