import type { ReactNode } from 'react';
import { SectionTitle } from '../components/SectionTitle';
import { useCatalogText } from '../i18n';

/** The section around the first products; its title and button stand while they load. */
export function RecentlySold({ children }: { children: ReactNode }) {
  const t = useCatalogText();
  return (
    <section aria-labelledby="recently-sold">
      <SectionTitle id="recently-sold" kicker={t('recentlySoldKicker')}>
        {t('recentlySold')}
      </SectionTitle>
      {children}
      <div className="mt-8 text-center">
        <button
          type="button"
          className="rounded-full border-2 border-brand-600 px-8 py-2 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white"
        >
          {t('showMore')}
        </button>
      </div>
    </section>
  );
}
