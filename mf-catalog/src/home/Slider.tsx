import { useState } from 'react';
import { Carrot, ChevronLeft, ChevronRight, Egg, Fish, Salad, Wheat, CookingPot } from 'lucide-react';

const slides = [
  {
    title: 'Fresh vegetables, picked this morning',
    text: 'From farms around Bogura and Jessore to your kitchen.',
    art: [Salad, Carrot],
    picture: 'A bowl of salad and a carrot',
    tone: 'from-brand-700 to-brand-500',
  },
  {
    title: 'Aromatic rice and pulses',
    text: 'Chinigura, miniket and masoor dal at everyday prices.',
    art: [Wheat, CookingPot],
    picture: 'Ears of rice and a cooking pot',
    tone: 'from-amber-700 to-amber-500',
  },
  {
    title: 'Fish and eggs for every meal',
    text: 'Rui, ilish and farm eggs, kept cold all the way.',
    art: [Fish, Egg],
    picture: 'A fish and an egg',
    tone: 'from-sky-800 to-sky-600',
  },
];

/** Three slides with arrows on hover and dots; moving past either end wraps around. */
export function Slider() {
  const [index, setIndex] = useState(0);
  const move = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);
  const slide = slides[index]!;
  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="group relative overflow-hidden rounded-3xl">
      <div
        className={`flex min-h-64 flex-col items-center justify-between gap-6 bg-gradient-to-r ${slide.tone} px-8 py-10 text-white sm:flex-row sm:px-16`}
      >
        <div aria-live="polite" className="max-w-lg">
          <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">Slide {index + 1} of 3</p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{slide.title}</h1>
          <p className="mt-3 text-white/90">{slide.text}</p>
        </div>
        <p className="flex gap-4 text-white/90" role="img" aria-label={slide.picture}>
          {slide.art.map((Art, i) => (
            <Art key={i} className="size-20 sm:size-28" strokeWidth={1.25} aria-hidden />
          ))}
        </p>
      </div>
      <button
        type="button"
        aria-label="Previous slide"
        onClick={() => move(-1)}
        className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/80 p-2 text-stone-700 opacity-0 transition group-hover:opacity-100 focus:opacity-100"
      >
        <ChevronLeft className="size-5" />
      </button>
      <button
        type="button"
        aria-label="Next slide"
        onClick={() => move(1)}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/80 p-2 text-stone-700 opacity-0 transition group-hover:opacity-100 focus:opacity-100"
      >
        <ChevronRight className="size-5" />
      </button>
      <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-2">
        {slides.map((s, i) => (
          <button
            key={s.title}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className={`h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-2.5 bg-white/50'}`}
          />
        ))}
      </div>
    </section>
  );
}
