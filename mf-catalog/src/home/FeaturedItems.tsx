import { Link } from '@bazar/web-kit/routing';
import { Eye, Plus } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { WishlistHeart } from '@bazar/web-kit/wishlist';
import type { Product } from '@bazar/contracts';
import { PICTURE_SIZES, ProductImage } from '../components/ProductImage';
import { SectionTitle } from '../components/SectionTitle';
import { Stars } from '../components/Stars';
import { useCatalogText } from '../i18n';

export function FeaturedItems({ products, onAdd }: { products: Product[]; onAdd: (product: Product) => void }) {
  const t = useCatalogText();
  const { formatTaka } = useFormats();
  const { name } = useProductText();
  return (
    <section aria-labelledby="featured-items">
      <SectionTitle id="featured-items" kicker={t('featuredKicker')}>
        {t('featuredItems')}
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {products.map((product) => (
          <article key={product._id} className="group relative flex gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <div className="relative shrink-0">
              <Link to={`/product-details/${product._id}`} tabIndex={-1} aria-hidden>
                <ProductImage src={product.img} name={name(product)} className="size-28 rounded-xl" sizes={PICTURE_SIZES.thumbnail} />
              </Link>
              <div className="absolute top-1 left-1">
                <WishlistHeart product={product} look="card" />
              </div>
            </div>
            <div className="flex flex-col justify-center gap-1">
              <span className="w-fit rounded-full bg-accent-500 px-2.5 py-0.5 text-xs font-bold text-white">{t('feature')}</span>
              <h3 className="font-semibold text-stone-800">
                <Link to={`/product-details/${product._id}`} className="hover:text-brand-700 hover:underline">
                  {name(product)}
                </Link>
              </h3>
              <Stars rating={product.rating} />
              <p className="font-bold text-brand-700">{formatTaka(product.price)}</p>
            </div>
            <div className="absolute top-4 right-4 flex flex-col gap-2 opacity-0 transition group-hover:opacity-100 group-focus-within:opacity-100">
              <button
                type="button"
                aria-label={t('addProduct', { name: name(product) })}
                disabled={product.quantity <= 0}
                onClick={() => onAdd(product)}
                className="rounded-full bg-brand-600 p-2 text-white hover:bg-brand-700 disabled:bg-stone-300"
              >
                <Plus className="size-4" aria-hidden />
              </button>
              <Link
                to={`/product-details/${product._id}`}
                aria-label={t('detailsOf', { name: name(product) })}
                className="rounded-full bg-white p-2 text-stone-600 shadow hover:bg-brand-600 hover:text-white"
              >
                <Eye className="size-4" aria-hidden />
              </Link>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
