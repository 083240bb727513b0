import { Link } from '@bazar/web-kit/routing';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';

const policies = ['Privacy Policy', 'Terms & Conditions', 'Return Policy', 'Delivery Information'];

export function Footer() {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <div className="rounded-xl bg-white/95 p-2 inline-block">
            <Logo />
          </div>
          <p className="mt-4 text-sm text-brand-100">Fresh groceries from local farms and markets, delivered to your door.</p>
          <SocialLinks />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold text-white">
            Contact
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin className="size-5 shrink-0 text-accent-400" aria-hidden />
              House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh
            </li>
            <li className="flex gap-2">
              <Phone className="size-5 shrink-0 text-accent-400" aria-hidden />
              Helpline:{' '}
              <a href="tel:+8809612000000" className="hover:text-white">
                +880 9612-000000
              </a>
            </li>
            <li className="flex gap-2">
              <Clock className="size-5 shrink-0 text-accent-400" aria-hidden />
              Sat - Thu, 10:00 AM to 7:00 PM
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-semibold text-white">
            Useful Links
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/blogs" className="hover:text-white hover:underline">
                Blogs
              </Link>
            </li>
            <li>
              <Link to="/about" className="hover:text-white hover:underline">
                About us
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="text-lg font-semibold text-white">
            Our Policies
          </h2>
          <ul className="mt-4 space-y-2 text-sm text-brand-100">
            {policies.map((policy) => (
              <li key={policy}>{policy}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-sm text-brand-100">Copyright 2022 © Bazar. All rights reserved.</p>
    </footer>
  );
}
