import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes } from '@bazar/web-kit/routing';
import { ArrowLeft } from 'lucide-react';
import { Spinner, useShopper } from '@bazar/web-kit';
import './styles.css';
import { useIsAdminQuery } from './api';
import { MyWallet } from './pages/MyWallet';
import { MyReview } from './pages/MyReview';
import { MyProfile } from './pages/MyProfile';
import { useDashboardText } from './i18n';

// Admin pages are fetched when an admin opens one: a shopper's dashboard never needs their code.
const AddOffer = lazy(() => import('./pages/AddOffer').then(({ AddOffer }) => ({ default: AddOffer })));
const AddProduct = lazy(() => import('./pages/AddProduct').then(({ AddProduct }) => ({ default: AddProduct })));
const AllUsers = lazy(() => import('./pages/AllUsers').then(({ AllUsers }) => ({ default: AllUsers })));
const Orders = lazy(() => import('./pages/Orders').then(({ Orders }) => ({ default: Orders })));

const shopperLinks = [
  { to: '/dashboard/my-profile', label: 'myProfile' },
  { to: '/dashboard/my-orders', label: 'myOrders' },
  { to: '/dashboard/my-wallet', label: 'myWallet' },
  { to: '/dashboard/my-review', label: 'myReview' },
] as const;
const adminLinks = [
  { to: '/dashboard/all-users', label: 'allUsers' },
  { to: '/dashboard/add-product', label: 'addProduct' },
  { to: '/dashboard/add-offer', label: 'addOffer' },
  { to: '/dashboard/orders', label: 'orders' },
] as const;

/** The user service answered (403, 404): not a failure to reach it. */
const refused = (error: unknown) => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

function NotAvailable() {
  const t = useDashboardText();
  return <p className="text-stone-500">{t('notAvailable')}</p>;
}

interface DashboardPageProps {
  /** My Orders belongs to mf-cart; the shell hands it in. */
  myOrders: ReactNode;
}

/** The dashboard's own layout (heading, sidebar) with its pages nested under /dashboard. */
export default function DashboardPage({ myOrders }: DashboardPageProps) {
  const shopper = useShopper();
  const t = useDashboardText();
  // Admin links stay hidden until the user service says so.
  const adminCheck = useIsAdminQuery(shopper?.email ?? '', { skip: !shopper });
  const isAdmin = adminCheck.data?.admin === true;
  const links = isAdmin ? [...shopperLinks, ...adminLinks] : shopperLinks;
  // An admin page opened by its URL waits for the answer instead of flashing a refusal.
  function adminOnly(page: ReactNode): ReactNode {
    if (isAdmin) return page;
    if (!shopper || adminCheck.isLoading) return <Spinner label={t('checkingAccess')} />;
    if (adminCheck.isError && !refused(adminCheck.error))
      return (
        <p role="alert" className="text-stone-500">
          {t('accessCheckFailed')}{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void adminCheck.refetch()}>
            {t('common:retry')}
          </button>
        </p>
      );
    return <NotAvailable />;
  }

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
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {links.map((link) => (
              <li key={link.to} className="shrink-0">
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-2.5 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-stone-600 hover:bg-brand-50 hover:text-brand-700'}`
                  }
                >
                  {t(`links.${link.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <Suspense fallback={<Spinner label={t('loadingPage')} />}>
            <Routes>
              <Route index element={<Navigate to="my-profile" replace />} />
              <Route path="my-profile" element={<MyProfile />} />
              <Route path="my-orders" element={myOrders} />
              <Route path="my-wallet" element={<MyWallet />} />
              <Route path="my-review" element={<MyReview />} />
              <Route path="all-users" element={adminOnly(<AllUsers />)} />
              <Route path="add-product" element={adminOnly(<AddProduct />)} />
              <Route path="add-offer" element={adminOnly(<AddOffer />)} />
              <Route path="orders" element={adminOnly(<Orders />)} />
              <Route path="*" element={<NotAvailable />} />
            </Routes>
          </Suspense>
        </div>
      </div>
    </div>
  );
}
