import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useLoaderData } from '@bazar/web-kit/routing';
import { ChevronRight, Share2, ShoppingCart } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import type { Product } from '@bazar/contracts';
import { useGetProductDetailsQuery } from '../api';
import { useAddToCart } from '../cart';
import { useProductText } from '@bazar/web-kit/product-text';
import { WishlistHeart } from '@bazar/web-kit/wishlist';
import { PICTURE_SIZES, ProductImage } from '../components/ProductImage';
import { ProductReviews } from '../components/ProductReviews';
import { Stars } from '../components/Stars';
import { categoryPath, useCategoryName } from '../categories';
import { useCatalogText } from '../i18n';

const SHARE_NETWORKS = ['facebook', 'whatsapp', 'email'] as const;

/** How often an open product page reads its product again while the shopper can see it. Its stock
 *  moves with every shopper's order and every cancellation (an admin's included), and none of that
 *  reaches this page otherwise: the order stream carries only the signed-in shopper's own orders, and
 *  only My Orders listens to it. nginx's 1 s micro-cache of the product's answer serves everyone
 *  watching the same product from one catalog read. */
const STOCK_REREAD_MS = 10_000;

const onVisibilityChange = (changed: () => void) => {
  document.addEventListener('visibilitychange', changed);
  return () => document.removeEventListener('visibilitychange', changed);
};
/** Whether the page is on screen: a tab in the background does not read again, and reads at once
 *  when it is shown. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    onVisibilityChange,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

export default function ProductDetailsPage() {
  const loaded = useLoaderData<Product>();
  // The loader filled the cache; subscribing, and reading again while the page is seen, keeps the
  // stock shown current.
  const visible = usePageVisible();
  const { data: product = loaded, refetch } = useGetProductDetailsQuery(loaded._id, {
    pollingInterval: visible ? STOCK_REREAD_MS : 0,
  });
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch]);
  const { add, adding, unavailable } = useAddToCart();
  const t = useCatalogText();
  const { formatTaka, formatNumber } = useFormats();
  const { name, description } = useProductText();
  const categoryName = useCategoryName();

  const inStock = product.quantity > 0;
  return (
    <>
      {/* where the product sits in the shop, and the way to the rest of its shelf */}
      <nav aria-label={t('breadcrumb')} className="mx-auto max-w-6xl px-4 pt-6 text-sm text-stone-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {t('menu.home')}
            </Link>
          </li>
          {product.category && (
            <li className="flex items-center gap-1.5">
              <ChevronRight className="size-3.5" aria-hidden />
              <Link to={categoryPath(product.category)} className="font-semibold text-brand-700 hover:underline">
                {categoryName(product.category)}
              </Link>
            </li>
          )}
        </ol>
      </nav>
      <article className="mx-auto grid max-w-6xl gap-10 px-4 pt-4 pb-10 md:grid-cols-2">
        <div className="relative overflow-hidden rounded-3xl border border-stone-200 bg-white">
          <span className="absolute top-4 left-4 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">{t('new')}</span>
          <span className="absolute top-4 right-4 rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-white">
            {t('discountBadge', { percent: formatNumber(10) })}
          </span>
          <ProductImage src={product.img} name={name(product)} className="aspect-square w-full" sizes={PICTURE_SIZES.page} priority />
        </div>
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold text-stone-800">{name(product)}</h1>
          <Stars rating={product.rating} />
          <p className="text-stone-500">
            <span className="text-3xl font-bold text-brand-700">{formatTaka(product.price)}</span> {t('perPiece')}
          </p>
          <p className="leading-relaxed text-stone-600">{description(product)}</p>
          <p className={inStock ? 'text-sm text-brand-700' : 'text-sm font-semibold text-red-600'}>
            {inStock ? t('inStock', { quantity: formatNumber(product.quantity) }) : t('stockOut')}
          </p>
          <div className="flex items-center gap-3">
            <button
              type="button"
              disabled={!inStock || adding || unavailable}
              onClick={() => void add(product)}
              className="flex w-fit items-center gap-2 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700 disabled:bg-stone-300"
            >
              <ShoppingCart className="size-5" aria-hidden /> {unavailable ? t('cartUnavailable') : t('addToCart')}
            </button>
            <WishlistHeart product={product} look="page" />
          </div>
          <div className="mt-4 flex items-center gap-3 border-t border-stone-200 pt-4 text-sm text-stone-500">
            <Share2 className="size-4" aria-hidden /> {t('share')}
            {SHARE_NETWORKS.map((network) => (
              <button
                key={network}
                type="button"
                className="rounded-full border border-stone-200 px-3 py-1 hover:border-brand-600 hover:text-brand-700"
              >
                {t(`networks.${network}`)}
              </button>
            ))}
          </div>
        </div>
        <ProductReviews productId={product._id} rated={product.rating?.count ?? 0} />
      </article>
    </>
  );
}
