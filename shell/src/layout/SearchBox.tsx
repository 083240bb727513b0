import { Form, useSearchParams } from '@bazar/web-kit/routing';
import { Search } from 'lucide-react';
import { useShellText } from '../i18n';

/** Searches products; the results page reads `?search=`. */
export function SearchBox() {
  const [params] = useSearchParams();
  const t = useShellText();
  return (
    <Form role="search" action="/search" className="relative w-full max-w-xl">
      <label htmlFor="product-search" className="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id="product-search"
        name="search"
        type="search"
        defaultValue={params.get('search') ?? ''}
        placeholder={t('searchPlaceholder')}
        className="w-full rounded-full border border-stone-200 bg-stone-50 py-2.5 pr-12 pl-4 text-sm outline-none focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100"
      />
      <button
        type="submit"
        aria-label={t('search')}
        className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full bg-brand-600 p-2 text-white hover:bg-brand-700"
      >
        <Search className="size-4" />
      </button>
    </Form>
  );
}
