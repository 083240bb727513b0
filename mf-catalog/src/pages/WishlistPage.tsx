import { Link, useLocation } from '@bazar/web-kit/routing';
import { LoadFailure, Spinner, useSession } from '@bazar/web-kit';
import { useAddToCart } from '../cart';
import { useFormats } from '@bazar/web-kit/i18n';
import { useMyWishlist } from '@bazar/web-kit/wishlist';
import '../styles.css';
import { ProductGrid } from '../components/ProductGrid';
import { useCatalogText } from '../i18n';

/** The products the shopper keeps, the latest first, each with its heart and Add to Cart. */
export default function WishlistPage() {
  const t = useCatalogText();
  const session = useSession();
  const location = useLocation();
  const { data, isLoading, isError, refetch } = useMyWishlist();
  const { add } = useAddToCart();
  const { formatNumber } = useFormats();
  const products = data?.products ?? [];

  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="wishlist-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="wishlist-title" className="text-3xl font-extrabold text-stone-800">
          {t('wishlistTitle')}
        </h1>
        {data && <p className="text-stone-500">{t('keptCount', { count: products.length, number: formatNumber(products.length) })}</p>}
      </div>
      <div className="mt-6">
        {session.status === 'signedOut' ? (
          <p className="text-stone-600">
            {t('wishlistSignedOut')}{' '}
            <Link to="/login" state={{ from: location }} className="font-semibold text-brand-700 underline">
              {t('logIn')}
            </Link>
          </p>
        ) : isError ? (
          <LoadFailure what={t('wishlistTitle')} onRetry={() => void refetch()} />
        ) : isLoading || session.status === 'resolving' || !data ? (
          <Spinner label={t('wishlistTitle')} />
        ) : products.length === 0 ? (
          <p className="text-stone-600">{t('wishlistEmpty')}</p>
        ) : (
          <ProductGrid products={products} onAdd={add} atTop />
        )}
      </div>
    </section>
  );
}
