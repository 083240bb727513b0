import { Apple, Carrot, CookingPot, Headset, RotateCcw, ShieldCheck, Sprout, Truck } from 'lucide-react';
import { SectionTitle } from '../components/SectionTitle';

export function CountdownBanner() {
  return (
    <section aria-label="Discount" className="relative overflow-hidden rounded-3xl bg-brand-900 px-8 py-10 text-white sm:px-16">
      <span className="absolute top-6 right-6 flex size-20 items-center justify-center rounded-full bg-accent-500 text-center text-lg leading-tight font-extrabold">
        20%
        <br />
        off
      </span>
      <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Limited time</p>
      <h2 className="mt-2 max-w-md text-3xl font-extrabold">Big discount on fresh fruit and vegetables</h2>
      <p className="mt-4 font-mono text-3xl font-bold tracking-widest" aria-label="Time left">
        00:00:00:00
      </p>
      <button type="button" className="mt-6 rounded-full bg-accent-500 px-8 py-3 font-semibold hover:bg-accent-400">
        Shop Now
      </button>
    </section>
  );
}

export function ShopByBrands() {
  return (
    <section aria-labelledby="brands">
      <SectionTitle id="brands" kicker="Trusted names">
        Shop By Brands
      </SectionTitle>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm">
            <Sprout className="size-10 text-brand-600" aria-hidden />
            <span className="font-semibold text-stone-800">Organic Farm</span>
            <span className="text-sm text-stone-500">(45 items)</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const articles = [
  { title: 'Seven ways to keep vegetables fresh longer', date: '12 Jan 2022', art: Carrot },
  { title: 'A simple guide to cooking perfect bhuna khichuri', date: '26 Feb 2022', art: CookingPot },
  { title: 'Why seasonal fruit tastes better', date: '08 Mar 2022', art: Apple },
];

export function ReadOurArticles() {
  return (
    <section aria-labelledby="articles">
      <SectionTitle id="articles" kicker="From our blog">
        Read Our Articles
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-3">
        {articles.map((article) => (
          <article key={article.title} className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            <div className="flex h-36 items-center justify-center bg-brand-50 text-brand-600" aria-hidden>
              <article.art className="size-16" strokeWidth={1.25} />
            </div>
            <div className="p-5">
              <p className="text-xs text-stone-500">{article.date}</p>
              <h3 className="mt-1 font-semibold text-stone-800">{article.title}</h3>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

const testimonials = [
  {
    name: 'Nusrat Jahan',
    place: 'Mirpur, Dhaka',
    text: 'The vegetables arrive fresh every time and the delivery is always on schedule.',
  },
  {
    name: 'Tanvir Ahmed',
    place: 'Agrabad, Chattogram',
    text: 'Good prices on rice and oil, and ordering takes less than a minute.',
  },
];

export function ClientsFeedback() {
  return (
    <section aria-labelledby="feedback">
      <SectionTitle id="feedback" kicker="Testimonials">
        Client's Feedback
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {testimonials.map((t) => (
          <figure key={t.name} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <blockquote className="text-stone-600">“{t.text}”</blockquote>
            <figcaption className="mt-4 font-semibold text-stone-800">
              {t.name} <span className="font-normal text-stone-500">· {t.place}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export function SubscribeBox() {
  return (
    <section aria-labelledby="subscribe" className="rounded-3xl bg-brand-100 px-8 py-10 text-center">
      <h2 id="subscribe" className="text-2xl font-extrabold text-brand-900">
        Subscribe and get 20% off your first order
      </h2>
      <form className="mx-auto mt-6 flex max-w-md gap-2" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="subscribe-email" className="sr-only">
          Email address
        </label>
        <input
          id="subscribe-email"
          type="email"
          placeholder="Your email address"
          className="flex-1 rounded-full border border-brand-200 bg-white px-4 py-2.5 outline-none focus:ring-2 focus:ring-brand-500"
        />
        <button type="submit" className="rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">
          Subscribe
        </button>
      </form>
    </section>
  );
}

const services = [
  { icon: Truck, title: 'Free Home Delivery', text: 'To your door across the city' },
  { icon: RotateCcw, title: 'Instant Return Policy', text: 'Not fresh? We take it back' },
  { icon: Headset, title: 'Quick Support System', text: 'Sat - Thu, 10 AM to 7 PM' },
  { icon: ShieldCheck, title: 'Secure Payment Way', text: 'Cash on delivery or card' },
];

export function ServiceHighlights() {
  return (
    <section aria-label="Our services" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {services.map(({ icon: Icon, title, text }) => (
        <div key={title} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm">
          <span className="rounded-full bg-brand-50 p-3 text-brand-600">
            <Icon className="size-6" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold text-stone-800">{title}</h3>
            <p className="text-sm text-stone-500">{text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
