import { useState } from 'react';
import { Carrot, ChevronLeft, ChevronRight, Egg, Fish, Salad, Wheat, CookingPot } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import { useCatalogText } from '../i18n';

const slides = [
  {
    name: 'vegetables',
    art: [Salad, Carrot],
    tone: 'from-brand-700 to-brand-500',
  },
  {
    name: 'rice',
    art: [Wheat, CookingPot],
    tone: 'from-amber-700 to-amber-500',
  },
  {
    name: 'fish',
    art: [Fish, Egg],
    tone: 'from-sky-800 to-sky-600',
  },
];

/** Three slides with arrows on hover and dots; moving past either end wraps around. */
export function Slider() {
  const [index, setIndex] = useState(0);
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  const move = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);
  const slide = slides[index]!;
  return (
    <section aria-roledescription="carousel" aria-label={t('highlights')} className="group relative overflow-hidden rounded-3xl">
      <div
        className={`flex min-h-64 flex-col items-center justify-between gap-6 bg-gradient-to-r ${slide.tone} px-8 py-10 text-white sm:flex-row sm:px-16`}
      >
        <div aria-live="polite" className="max-w-lg">
          <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">
            {t('slideOf', { index: formatNumber(index + 1), total: formatNumber(slides.length) })}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{t(`slides.${slide.name}.title`)}</h1>
          <p className="mt-3 text-white/90">{t(`slides.${slide.name}.text`)}</p>
        </div>
        <p className="flex gap-4 text-white/90" role="img" aria-label={t(`slides.${slide.name}.picture`)}>
          {slide.art.map((Art, i) => (
            <Art key={i} className="size-20 sm:size-28" strokeWidth={1.25} aria-hidden />
          ))}
        </p>
      </div>
      <button
        type="button"
        aria-label={t('previousSlide')}
        onClick={() => move(-1)}
        className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/80 p-2 text-stone-700 opacity-0 transition group-hover:opacity-100 focus:opacity-100"
      >
        <ChevronLeft className="size-5" />
      </button>
      <button
        type="button"
        aria-label={t('nextSlide')}
        onClick={() => move(1)}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/80 p-2 text-stone-700 opacity-0 transition group-hover:opacity-100 focus:opacity-100"
      >
        <ChevronRight className="size-5" />
      </button>
      <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2">
        {slides.map((s, i) => (
          // a dot is small; its button is a thumb's 24 px (WCAG's target size)
          <button
            key={s.name}
            type="button"
            aria-label={t('goToSlide', { index: formatNumber(i + 1) })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="flex h-6 min-w-6 items-center justify-center px-1"
          >
            <span className={`h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-2.5 bg-white/50'}`} />
          </button>
        ))}
      </div>
    </section>
  );
}
