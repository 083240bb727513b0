import { Link, NavLink, Outlet } from '@bazar/web-kit/routing';
import { ArrowLeft } from 'lucide-react';
import { useMenu, useShopper } from '@bazar/web-kit';
import './styles.css';
import { useDashboardText } from './i18n';

/** The dashboard's frame (heading, sidebar) around the pages under /dashboard, whichever remote
 *  owns them; the sidebar lists the pages the shopper may open (an admin's pages for admins). */
export default function DashboardPage() {
  const shopper = useShopper();
  const links = useMenu('dashboard');
  const t = useDashboardText();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-extrabold text-stone-800 sm:text-3xl">{t('welcome', { name: shopper?.name })}</h1>
        <Link
          to="/"
          className="flex items-center gap-1.5 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t('backHome')}
        </Link>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t('dashboardNav')} className="h-fit min-w-0 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {links.map((link) => (
              <li key={link.to} className="shrink-0">
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-2.5 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-stone-600 hover:bg-brand-50 hover:text-brand-700'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
