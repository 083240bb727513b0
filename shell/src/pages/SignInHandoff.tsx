import { useEffect } from 'react';
import { Navigate, useLocation } from '@bazar/web-kit/routing';
import { Spinner, useSession } from '@bazar/web-kit';
import { signIn } from '../auth/keycloak';
import { forgetReturn, rememberedReturn, returnPath, storeReferrer } from '../auth/returnPath';
import { useShellText } from '../i18n';

/**
 * /login and /singup: the forms themselves are Keycloak's themed pages. A signed-in visitor goes
 * straight back to where they came from; Keycloak sends every visitor back here (SIGNED_IN_PATH),
 * and the page the sign-in started for was remembered in the tab.
 */
export function SignInHandoff({ action }: { action: 'login' | 'register' }) {
  const session = useSession();
  const location = useLocation();
  const returnTo = returnPath(location.state, storeReferrer(), rememberedReturn());
  const t = useShellText();

  useEffect(() => {
    if (session.status === 'signedOut') void signIn(action, returnTo);
    if (session.status === 'signedIn') forgetReturn();
  }, [session.status, action, returnTo]);

  if (session.status === 'signedIn') return <Navigate to={returnTo} replace />;
  return <Spinner label={action === 'register' ? t('openingSignUp') : t('openingSignIn')} />;
}
