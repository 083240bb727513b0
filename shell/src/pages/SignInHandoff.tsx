import { useEffect } from 'react';
import { Navigate, useLocation } from '@bazar/web-kit/routing';
import { Spinner, useSession } from '@bazar/web-kit';
import { signIn } from '../auth/keycloak';
import { returnPath, storeReferrer } from '../auth/returnPath';
import { useShellText } from '../i18n';

/**
 * /login and /singup: the forms themselves are Keycloak's themed pages. A signed-in visitor goes
 * straight back to where they came from.
 */
export function SignInHandoff({ action }: { action: 'login' | 'register' }) {
  const session = useSession();
  const location = useLocation();
  const returnTo = returnPath(location.state, storeReferrer());
  const t = useShellText();

  useEffect(() => {
    if (session.status === 'signedOut') void signIn(action, returnTo);
  }, [session.status, action, returnTo]);

  if (session.status === 'signedIn') return <Navigate to={returnTo} replace />;
  return <Spinner label={action === 'register' ? t('openingSignUp') : t('openingSignIn')} />;
}
