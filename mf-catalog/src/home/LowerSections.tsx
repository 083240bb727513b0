import { Apple, Carrot, CookingPot, Headset, RotateCcw, ShieldCheck, Sprout, Truck } from 'lucide-react';
import { Trans, useFormats } from '@bazar/web-kit/i18n';
import { TwoPromos } from './Promos';
import { SectionTitle } from '../components/SectionTitle';
import { useCatalogText } from '../i18n';

export function CountdownBanner() {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  return (
    <section aria-label={t('discount')} className="relative overflow-hidden rounded-3xl bg-brand-900 px-8 py-10 text-white sm:px-16">
      <span className="absolute top-6 right-6 flex size-20 items-center justify-center rounded-full bg-accent-500 text-center text-lg leading-tight font-extrabold">
        <Trans t={t} i18nKey="percentOff" values={{ percent: formatNumber(20) }} components={{ br: <br /> }} />
      </span>
      <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{t('limitedTime')}</p>
      <h2 className="mt-2 max-w-md text-3xl font-extrabold">{t('bigDiscount')}</h2>
      <p className="mt-4 font-mono text-3xl font-bold tracking-widest" aria-label={t('timeLeft')}>
        {t('countdown')}
      </p>
      <button type="button" className="mt-6 rounded-full bg-accent-500 px-8 py-3 font-semibold hover:bg-accent-400">
        {t('shopNow')}
      </button>
    </section>
  );
}

export function ShopByBrands() {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  return (
    <section aria-labelledby="brands">
      <SectionTitle id="brands" kicker={t('brandsKicker')}>
        {t('shopByBrands')}
      </SectionTitle>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm">
            <Sprout className="size-10 text-brand-600" aria-hidden />
            <span className="font-semibold text-stone-800">{t('organicFarm')}</span>
            <span className="text-sm text-stone-500">{t('itemCount', { items: formatNumber(45) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const articles = [
  { name: 'vegetables', date: '2022-01-12', art: Carrot },
  { name: 'khichuri', date: '2022-02-26', art: CookingPot },
  { name: 'fruit', date: '2022-03-08', art: Apple },
];

export function ReadOurArticles() {
  const t = useCatalogText();
  const { formatDate } = useFormats();
  return (
    <section aria-labelledby="articles">
      <SectionTitle id="articles" kicker={t('articlesKicker')}>
        {t('readOurArticles')}
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-3">
        {articles.map((article) => (
          <article key={article.name} className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            <div className="flex h-36 items-center justify-center bg-brand-50 text-brand-600" aria-hidden>
              <article.art className="size-16" strokeWidth={1.25} />
            </div>
            <div className="p-5">
              <p className="text-xs text-stone-500">
                <time dateTime={article.date}>{formatDate(article.date)}</time>
              </p>
              <h3 className="mt-1 font-semibold text-stone-800">{t(`articles.${article.name}.title`)}</h3>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

const testimonials = ['nusrat', 'tanvir'] as const;

export function ClientsFeedback() {
  const t = useCatalogText();
  return (
    <section aria-labelledby="feedback">
      <SectionTitle id="feedback" kicker={t('testimonialsKicker')}>
        {t('clientsFeedback')}
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {testimonials.map((client) => (
          <figure key={client} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <blockquote className="text-stone-600">“{t(`testimonials.${client}.text`)}”</blockquote>
            <figcaption className="mt-4 font-semibold text-stone-800">
              {t(`testimonials.${client}.name`)} <span className="font-normal text-stone-500">· {t(`testimonials.${client}.place`)}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export function SubscribeBox() {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  return (
    <section aria-labelledby="subscribe" className="rounded-3xl bg-brand-100 px-5 py-10 text-center sm:px-8">
      <h2 id="subscribe" className="text-2xl font-extrabold text-brand-900">
        {t('subscribe', { percent: formatNumber(20) })}
      </h2>
      <form className="mx-auto mt-6 flex max-w-md flex-col gap-2 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="subscribe-email" className="sr-only">
          {t('emailAddress')}
        </label>
        <input
          id="subscribe-email"
          type="email"
          placeholder={t('yourEmailAddress')}
          className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2.5 outline-none focus:ring-2 focus:ring-brand-500"
        />
        <button type="submit" className="shrink-0 rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t('subscribeButton')}
        </button>
      </form>
    </section>
  );
}

const services = [
  { icon: Truck, name: 'delivery' },
  { icon: RotateCcw, name: 'return' },
  { icon: Headset, name: 'support' },
  { icon: ShieldCheck, name: 'payment' },
];

export function ServiceHighlights() {
  const t = useCatalogText();
  return (
    <section aria-label={t('ourServices')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {services.map(({ icon: Icon, name }) => (
        <div key={name} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm">
          <span className="rounded-full bg-brand-50 p-3 text-brand-600">
            <Icon className="size-6" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold text-stone-800">{t(`services.${name}.title`)}</h3>
            <p className="text-sm text-stone-500">{t(`services.${name}.text`)}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

/** The home's sections after its products, in the spec's order: below the fold on every screen, so a
 *  chunk of their own, fetched once the page's first view is up. */
export default function LowerSections() {
  return (
    <>
      <CountdownBanner />
      <TwoPromos />
      <ShopByBrands />
      <ReadOurArticles />
      <ClientsFeedback />
      <SubscribeBox />
      <ServiceHighlights />
    </>
  );
}
