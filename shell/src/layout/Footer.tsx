import { Link } from '@bazar/web-kit/routing';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';
import { useShellText } from '../i18n';

const policies = ['privacy', 'terms', 'return', 'delivery'] as const;

export function Footer() {
  const t = useShellText();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <div className="rounded-xl bg-white/95 p-2 inline-block">
            <Logo />
          </div>
          <p className="mt-4 text-sm text-brand-100">{t('footerTagline')}</p>
          <SocialLinks />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold text-white">
            {t('contact')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin className="size-5 shrink-0 text-accent-400" aria-hidden />
              {t('address')}
            </li>
            <li className="flex gap-2">
              <Phone className="size-5 shrink-0 text-accent-400" aria-hidden />
              {t('helpline')}{' '}
              <a href="tel:+8809612000000" className="hover:text-white">
                {t('helplineNumber')}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock className="size-5 shrink-0 text-accent-400" aria-hidden />
              {t('hours')}
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-semibold text-white">
            {t('usefulLinks')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/blogs" className="hover:text-white hover:underline">
                {t('blogs')}
              </Link>
            </li>
            <li>
              <Link to="/about" className="hover:text-white hover:underline">
                {t('aboutUs')}
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="text-lg font-semibold text-white">
            {t('ourPolicies')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm text-brand-100">
            {policies.map((policy) => (
              <li key={policy}>{t(`policies.${policy}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-sm text-brand-100">{t('copyright')}</p>
    </footer>
  );
}
