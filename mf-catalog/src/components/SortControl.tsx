import { useId } from 'react';
import { PRODUCT_SORTS, type ProductSort } from '@bazar/contracts';
import { useCatalogText } from '../i18n';

/** A native select: a phone opens its own picker, and the keyboard and screen readers know it. */
export function SortControl({ sort, onChange }: { sort: ProductSort | undefined; onChange: (sort: ProductSort | undefined) => void }) {
  const id = useId();
  const t = useCatalogText();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {t('sort.label')}
      </label>
      <select
        id={id}
        value={sort ?? ''}
        onChange={(event) => onChange(PRODUCT_SORTS.find((name) => name === event.target.value))}
        className="min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm text-stone-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      >
        <option value="">{t('sort.default')}</option>
        {PRODUCT_SORTS.map((name) => (
          <option key={name} value={name}>
            {t(`sort.${name}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
