import { Link } from '@bazar/web-kit/routing';
import { ShoppingBasket } from 'lucide-react';
import { useShellText } from '../i18n';

export function Logo() {
  const t = useShellText();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={t('logoHome')}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-brand-600 text-white" aria-hidden>
        <ShoppingBasket className="size-5" />
      </span>
      <span className="text-2xl font-extrabold tracking-tight text-brand-700">
        {t('brand')}
        <span className="text-accent-500">.</span>
      </span>
    </Link>
  );
}
