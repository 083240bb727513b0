import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@bazar/web-kit/routing';
import { Spinner, useSession } from '@bazar/web-kit';
import { useShellText } from '../i18n';

/** Pages for signed-in shoppers; others go to /login, which remembers where they were going. */
export function RequireShopper({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const t = useShellText();
  if (session.status === 'resolving') return <Spinner label={t('checkingSignIn')} />;
  if (session.status === 'signedOut') return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
