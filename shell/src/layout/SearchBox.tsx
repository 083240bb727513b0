import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate, useSearchParams } from '@bazar/web-kit/routing';
import type { ProductSuggestion } from '@bazar/contracts';
import { Search } from 'lucide-react';
import { useShellText } from '../i18n';

const SearchSuggestions = lazy(() => import('./SearchSuggestions'));

/** Suggestions are asked for from this many typed characters on, once the shopper pauses this long. */
const SUGGEST_FROM = 2;
const PAUSE_MS = 150;

export const optionId = (listId: string, at: number) => `${listId}-${at}`;

/**
 * Searches products (the results page reads `?search=`), suggesting products as the shopper types:
 * an ARIA combobox whose arrow keys move through the suggestions, Enter opens the highlighted
 * product (or searches, when none is), Escape closes them.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useShellText();
  const id = useId();
  const listId = `${id}-suggestions`;

  // The box shows the search the address holds, and what the shopper types after it.
  const searched = params.get('search') ?? '';
  const [shownSearch, setShownSearch] = useState(searched);
  const [typed, setTyped] = useState(searched);
  if (shownSearch !== searched) {
    setShownSearch(searched);
    setTyped(searched);
  }

  const [paused, setPaused] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPaused(typed.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const [open, setOpen] = useState(false);
  const [suggested, setSuggested] = useState<ProductSuggestion[]>([]);
  // By product, not place: an answer arriving after an arrow key keeps the product it is on.
  const [highlightedId, setHighlightedId] = useState<string>();
  const highlighted = suggested.findIndex((product) => product._id === highlightedId);

  const asking = open && paused.length >= SUGGEST_FROM;
  const expanded = asking && suggested.length > 0;

  const close = () => {
    setOpen(false);
    setHighlightedId(undefined);
  };
  const choose = (product: ProductSuggestion) => {
    close();
    void navigate(`/product-details/${product._id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // past either end, back to the box itself
      setHighlightedId(suggested[((highlighted + step + 1 + suggested.length + 1) % (suggested.length + 1)) - 1]?._id);
    } else if (event.key === 'Enter' && expanded && highlighted >= 0) {
      event.preventDefault();
      choose(suggested[highlighted]!);
    } else if (event.key === 'Escape' && expanded) {
      // the search box's own Escape would also clear what was typed
      event.preventDefault();
      close();
    }
  };

  return (
    <Form role="search" action="/search" onSubmit={close} className="relative w-full max-w-xl">
      <label htmlFor={id} className="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && highlighted >= 0 ? optionId(listId, highlighted) : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
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
      {asking && (
        <Suspense>
          <SearchSuggestions typed={paused} listId={listId} highlighted={highlighted} onFound={setSuggested} onChoose={choose} />
        </Suspense>
      )}
    </Form>
  );
}
