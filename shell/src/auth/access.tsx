import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { Access } from '@bazar/web-kit';
import { Spinner, useShopper } from '@bazar/web-kit';
import { useShellText } from '../i18n';
import { RequireShopper } from './RequireShopper';

const AdminCheck = lazy(() => import('./AdminCheck'));

export interface AdminStatus {
  status: 'checking' | 'admin' | 'notAdmin' | 'failed';
  retry: () => void;
}

const AdminStatusContext = createContext<AdminStatus>({ status: 'notAdmin', retry: () => undefined });

/** Whether the signed-in shopper is an admin, for the admin pages' guard and the menus. */
export function AdminStatusProvider({ children }: { children: ReactNode }) {
  const shopper = useShopper();
  const [status, setStatus] = useState<AdminStatus>({ status: 'checking', retry: () => undefined });
  return (
    <AdminStatusContext.Provider value={shopper ? status : { status: 'notAdmin', retry: () => undefined }}>
      {shopper && (
        <Suspense fallback={null}>
          <AdminCheck key={shopper.email} email={shopper.email} onStatus={setStatus} />
        </Suspense>
      )}
      {children}
    </AdminStatusContext.Provider>
  );
}

export const useAdminStatus = () => useContext(AdminStatusContext);

/** Whether the shopper may see a page of this access now (menus: an admin's links once the user
 *  service has said so). */
export function useMayOpen(): (access: Access) => boolean {
  const signedIn = useShopper() !== undefined;
  const admin = useAdminStatus().status === 'admin';
  return (access) => access === 'public' || (access === 'signedIn' && signedIn) || (access === 'admin' && admin);
}

/** A page's guard, as its remote declared it: signed-in pages send others to /login; an admin's page
 *  opened by its URL waits for the user service's answer instead of flashing a refusal. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  if (access === 'public') return children;
  return <RequireShopper>{access === 'admin' ? <RequireAdmin>{children}</RequireAdmin> : children}</RequireShopper>;
}

function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, retry } = useAdminStatus();
  const t = useShellText();
  if (status === 'admin') return children;
  if (status === 'checking') return <Spinner label={t('checkingAccess')} />;
  if (status === 'failed')
    return (
      <p role="alert" className="text-stone-500">
        {t('accessCheckFailed')}{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={retry}>
          {t('common:retry')}
        </button>
      </p>
    );
  return <p className="text-stone-500">{t('adminOnly')}</p>;
}
