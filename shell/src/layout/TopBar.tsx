import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../ErrorBoundary';
import { Link, NavLink } from '@bazar/web-kit/routing';
import { Heart, LayoutDashboard, Menu, ShoppingCart, X } from 'lucide-react';
import { useMenu } from '@bazar/web-kit';
import { SearchBox } from './SearchBox';
import { AccountButton } from './AccountButton';
import { Logo } from './Logo';
import { BellButton, IconLink } from './TopBarIcons';
import { LanguageSwitch } from './LanguageSwitch';
import { useShellText } from '../i18n';

// The offers bell, the wishlist's and the cart's counts read the storefront api, which is fetched beside the first
// render (@bazar/web-kit/api), not before it.
const OffersBell = lazy(() => import('./OffersBell'));
const CartLink = lazy(() => import('./CartLink'));
const WishlistLink = lazy(() => import('./WishlistLink'));

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The remotes' pages' links: the sections, and the signed-in shopper's own areas.
  const sections = useMenu('sections');
  const account = useMenu('account');
  const t = useShellText();

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 md:gap-6">
        <button
          type="button"
          className="rounded-lg p-2 text-stone-700 hover:bg-stone-100 md:hidden"
          aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
        </button>
        <Logo />
        <div className="hidden flex-1 md:block">
          <SearchBox />
        </div>
        <nav aria-label={t('shoppingNav')} className="ml-auto flex items-center gap-1 sm:gap-2">
          <WithApi placeholder={<BellButton />}>
            <OffersBell />
          </WithApi>
          <WithApi
            placeholder={
              <IconLink to="/wishlist" label={t('wishlist')}>
                <Heart className="size-6" />
              </IconLink>
            }
          >
            <WishlistLink />
          </WithApi>
          <WithApi
            placeholder={
              <IconLink to="/cart" label={t('cart')}>
                <ShoppingCart className="size-6" />
              </IconLink>
            }
          >
            <CartLink />
          </WithApi>
          {account.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="ml-1 hidden items-center gap-1.5 rounded-full px-3 py-2 font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-700 md:flex"
            >
              <LayoutDashboard className="size-5" aria-hidden />
              {link.label}
            </Link>
          ))}
          <div className="hidden md:block">
            <LanguageSwitch />
          </div>
          <div className="hidden md:block">
            <AccountButton />
          </div>
        </nav>
      </div>
      <div className="flex items-center gap-2 px-4 pb-3 md:hidden">
        <SearchBox />
        <LanguageSwitch />
      </div>
      <nav aria-label={t('sectionsNav')} className="hidden border-t border-stone-100 md:block">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4">
          {sections.map((section) => (
            <li key={section.to}>
              <SectionLink to={section.to} label={section.label} />
            </li>
          ))}
        </ul>
      </nav>
      {menuOpen && (
        // Any link or button in the menu closes it.
        <nav
          id="mobile-menu"
          aria-label={t('menuNav')}
          className="border-t border-stone-200 bg-white px-4 pb-4 md:hidden"
          onClick={() => setMenuOpen(false)}
        >
          <ul className="flex flex-col py-2">
            {sections.map((section) => (
              <li key={section.to}>
                <SectionLink to={section.to} label={section.label} />
              </li>
            ))}
            {account.map((link) => (
              <li key={link.to}>
                <SectionLink to={link.to} label={link.label} />
              </li>
            ))}
          </ul>
          <AccountButton />
        </nav>
      )}
    </header>
  );
}

function SectionLink({ to, label }: { to: string; label: string }) {
  return (
    <NavLink
      to={to}
      end={to === '/'}
      className={({ isActive }) =>
        `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-stone-600 hover:text-brand-700'}`
      }
    >
      {label}
    </NavLink>
  );
}

/** A part of the top bar that reads the api: until the api has arrived (or if it cannot), the
 *  placeholder shows, looking as the part does while its figures load. */
function WithApi({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}
