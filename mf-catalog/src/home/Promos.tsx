import { Apple, Cherry, Croissant, Fish, Wheat, type LucideIcon } from 'lucide-react';
import { useCatalogText } from '../i18n';

interface Promo {
  /** its kicker and title in the messages' `promos` */
  name: string;
  art: LucideIcon;
  tone: string;
}

const banners: Promo[] = [
  { name: 'vegetables', art: Apple, tone: 'bg-brand-100 text-brand-900' },
  { name: 'mango', art: Cherry, tone: 'bg-amber-100 text-amber-900' },
  { name: 'rice', art: Wheat, tone: 'bg-rose-100 text-rose-900' },
];

const twoPromos: Promo[] = [
  { name: 'fish', art: Fish, tone: 'bg-sky-100 text-sky-900' },
  { name: 'breakfast', art: Croissant, tone: 'bg-orange-100 text-orange-900' },
];

function PromoTile({ promo }: { promo: Promo }) {
  const t = useCatalogText();
  return (
    <article className={`flex items-center justify-between rounded-2xl p-6 ${promo.tone}`}>
      <div>
        <p className="text-xs font-semibold tracking-widest uppercase opacity-80">{t(`promos.${promo.name}.kicker`)}</p>
        <h2 className="mt-1 text-xl font-bold">{t(`promos.${promo.name}.title`)}</h2>
      </div>
      <promo.art className="size-14 shrink-0 opacity-80" strokeWidth={1.5} aria-hidden />
    </article>
  );
}

export function PromoBanners() {
  const t = useCatalogText();
  return (
    <section aria-label={t('promotions')} className="grid gap-4 md:grid-cols-3">
      {banners.map((promo) => (
        <PromoTile key={promo.name} promo={promo} />
      ))}
    </section>
  );
}

export function TwoPromos() {
  const t = useCatalogText();
  return (
    <section aria-label={t('morePromotions')} className="grid gap-4 md:grid-cols-2">
      {twoPromos.map((promo) => (
        <PromoTile key={promo.name} promo={promo} />
      ))}
    </section>
  );
}
