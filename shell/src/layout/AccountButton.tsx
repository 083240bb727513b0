import { Link, useLocation } from '@bazar/web-kit/routing';
import { LogIn, LogOut } from 'lucide-react';
import { useSession } from '@bazar/web-kit';
import { signOut } from '../auth/keycloak';
import { useShellText } from '../i18n';

const buttonLook = 'flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700';

export function AccountButton() {
  const session = useSession();
  const location = useLocation();
  const t = useShellText();
  if (session.status === 'signedIn') {
    return (
      <button type="button" onClick={() => void signOut()} className={buttonLook}>
        <LogOut className="size-4" aria-hidden />
        {t('signOut')}
      </button>
    );
  }
  return (
    <Link to="/login" state={{ from: location }} className={buttonLook}>
      <LogIn className="size-4" aria-hidden />
      {t('login')}
    </Link>
  );
}
