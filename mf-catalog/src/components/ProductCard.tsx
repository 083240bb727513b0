import { useEffect, useRef } from 'react';
import { Link } from '@bazar/web-kit/routing';
import { Eye, Plus } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import { WishlistHeart } from '@bazar/web-kit/wishlist';
import { useProductText } from '@bazar/web-kit/product-text';
import type { Product } from '@bazar/contracts';
import { useCartLine, useCartModule } from '../cart';
import { categoryPath, useCategoryName } from '../categories';
import { useCatalogText } from '../i18n';
import { ProductImage } from './ProductImage';
import { Stars } from './Stars';

interface ProductCardProps {
  product: Product;
  onAdd: (product: Product) => void;
  /** its picture is in view when the page opens */
  eager?: boolean;
  /** its picture is the page's main one (ProductImage's `priority`) */
  priority?: boolean;
}

export function ProductCard({ product, onAdd, eager = false, priority = false }: ProductCardProps) {
  const cart = useCartModule();
  const line = useCartLine(product._id);
  const page = `/product-details/${product._id}`;
  const { controls, keepFocus } = useFocusAcrossSwap();
  const { name } = useProductText();
  const categoryName = useCategoryName();
  const t = useCatalogText();
  const { formatTaka } = useFormats();
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative">
        {/* The name below is the same link for the keyboard and screen readers. */}
        <Link to={page} tabIndex={-1} aria-hidden className="block">
          <ProductImage src={product.img} name={name(product)} className="aspect-square w-full" eager={eager} priority={priority} />
        </Link>
        <Link
          to={page}
          aria-label={t('detailsOf', { name: name(product) })}
          className="absolute top-3 right-3 rounded-full bg-white/90 p-2 text-stone-600 shadow hover:bg-brand-600 hover:text-white"
        >
          <Eye className="size-4" aria-hidden />
        </Link>
        <div className="absolute top-3 left-3">
          <WishlistHeart product={product} look="card" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* the way to the rest of its shelf */}
        {product.category && (
          <Link
            to={categoryPath(product.category)}
            className="w-fit text-xs font-semibold tracking-wide text-brand-700 uppercase hover:underline"
          >
            {categoryName(product.category)}
          </Link>
        )}
        <h3 className="line-clamp-2 font-semibold text-stone-800">
          <Link to={page} className="hover:text-brand-700 hover:underline">
            {name(product)}
          </Link>
        </h3>
        <Stars rating={product.rating} />
        <p className="mt-auto text-sm text-stone-500">
          <span className="text-lg font-bold text-brand-700">{formatTaka(product.price)}</span> {t('perPiece')}
        </p>
        <div ref={controls} onClickCapture={keepFocus}>
          {line && typeof cart === 'object' ? (
            <cart.CartStepper line={line} look="card" />
          ) : (
            <AddButton product={product} onAdd={onAdd} unavailable={cart === 'unavailable'} />
          )}
        </div>
      </div>
    </article>
  );
}

function AddButton({
  product,
  onAdd,
  unavailable = false,
}: {
  product: Product;
  onAdd: (product: Product) => void;
  unavailable?: boolean;
}) {
  const inStock = product.quantity > 0;
  const t = useCatalogText();
  return (
    <button
      type="button"
      disabled={!inStock || unavailable}
      onClick={() => onAdd(product)}
      className="flex w-full items-center justify-center gap-1 rounded-full bg-brand-600 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300"
    >
      {!inStock ? (
        t('stockOut')
      ) : unavailable ? (
        t('cartUnavailable')
      ) : (
        <>
          <Plus className="size-4" aria-hidden /> {t('add')}
        </>
      )}
    </button>
  );
}

/**
 * Add and the stepper take each other's place, and the button pressed goes with its focus: the focus
 * moves to the control that took its place (the stepper's +, or Add), so that a keyboard user stays on
 * the card. A focus the shopper has since taken elsewhere is left there.
 */
function useFocusAcrossSwap() {
  const controls = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    const box = controls.current;
    if (!pressed.current || !box) return;
    const focused = document.activeElement as HTMLElement | null;
    const focusLost = !focused || focused === document.body || (box.contains(focused) && focused.matches(':disabled'));
    if (!focusLost) {
      // still on the control pressed: the swap is yet to come (an Add pressed before the session was
      // known waits for it, and the page renders meanwhile)
      if (!box.contains(focused)) pressed.current = false;
      return;
    }
    const enabled = box.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    const next = enabled[enabled.length - 1];
    if (next) {
      next.focus();
      pressed.current = false;
    }
  });
  return { controls, keepFocus: () => void (pressed.current = true) };
}

/** A grey card of the same shape, while the products load. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <div className="aspect-square w-full animate-pulse bg-stone-200" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="h-6 w-3/4 animate-pulse rounded bg-stone-200" />
        <div className="mt-6 h-7 w-1/2 animate-pulse rounded bg-stone-200" />
        <div className="h-9 animate-pulse rounded-full bg-stone-200" />
      </div>
    </div>
  );
}
