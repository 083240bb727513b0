import { Apple, Cherry, Croissant, Fish, Wheat, type LucideIcon } from 'lucide-react';

interface Promo {
  kicker: string;
  title: string;
  art: LucideIcon;
  tone: string;
}

const banners: Promo[] = [
  { kicker: 'Fresh daily', title: 'Organic Vegetables', art: Apple, tone: 'bg-brand-100 text-brand-900' },
  { kicker: 'Sweet season', title: 'Mango & Lychee', art: Cherry, tone: 'bg-amber-100 text-amber-900' },
  { kicker: 'Best price', title: 'Rice, Dal & Oil', art: Wheat, tone: 'bg-rose-100 text-rose-900' },
];

const twoPromos: Promo[] = [
  { kicker: 'Weekend deal', title: 'Fresh Fish from the River', art: Fish, tone: 'bg-sky-100 text-sky-900' },
  {
    kicker: 'Breakfast time',
    title: 'Bread, Eggs & Tea',
    art: Croissant,
    tone: 'bg-orange-100 text-orange-900',
  },
];

function PromoTile({ promo }: { promo: Promo }) {
  return (
    <article className={`flex items-center justify-between rounded-2xl p-6 ${promo.tone}`}>
      <div>
        <p className="text-xs font-semibold tracking-widest uppercase opacity-80">{promo.kicker}</p>
        <h3 className="mt-1 text-xl font-bold">{promo.title}</h3>
      </div>
      <promo.art className="size-14 shrink-0 opacity-80" strokeWidth={1.5} aria-hidden />
    </article>
  );
}

export function PromoBanners() {
  return (
    <section aria-label="Promotions" className="grid gap-4 md:grid-cols-3">
      {banners.map((promo) => (
        <PromoTile key={promo.title} promo={promo} />
      ))}
    </section>
  );
}

export function TwoPromos() {
  return (
    <section aria-label="More promotions" className="grid gap-4 md:grid-cols-2">
      {twoPromos.map((promo) => (
        <PromoTile key={promo.title} promo={promo} />
      ))}
    </section>
  );
}
