import { useEffect } from 'react';
import type { ProductSuggestion } from '@bazar/contracts';
import { useFormats } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { useGetProductSuggestionsQuery } from '../api';
import { useShellText } from '../i18n';
import { optionId } from './SearchBox';

const NONE: ProductSuggestion[] = [];

interface SearchSuggestionsProps {
  /** what the shopper has typed, once they pause */
  typed: string;
  listId: string;
  /** the option the arrow keys are on, or -1 */
  highlighted: number;
  /** the products now suggested, for the search box's keys */
  onFound: (products: ProductSuggestion[]) => void;
  onChoose: (product: ProductSuggestion) => void;
}

/** The media service's 160 px variant of a picture it stored (services/media README, "Picture
 *  variants"); any other picture as it is. */
const thumbnail = (src: string) => src.replace(/(\/media\/[0-9a-f]{64})\.webp$/, '$1-160.webp');

/** The listbox under the search box. Its own chunk: it reads the storefront api, which arrives
 *  beside the first render, not before it. */
export default function SearchSuggestions({ typed, listId, highlighted, onFound, onChoose }: SearchSuggestionsProps) {
  const t = useShellText();
  const { formatTaka } = useFormats();
  const { name } = useProductText();
  // The last answer stays until the next one arrives, so the list does not blink as they type.
  const { data: products = NONE } = useGetProductSuggestionsQuery({ q: typed });
  useEffect(() => onFound(products), [products, onFound]);

  if (products.length === 0) return null;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('suggestions')}
      className="absolute top-full right-0 left-0 z-40 mt-2 overflow-hidden rounded-2xl border border-stone-200 bg-white py-1 shadow-xl"
    >
      {products.map((product, at) => (
        <li
          key={product._id}
          id={optionId(listId, at)}
          role="option"
          aria-selected={at === highlighted}
          // keeps the focus in the search box, so its blur does not close the list before the click
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(product)}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${at === highlighted ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
        >
          <img
            src={thumbnail(product.img)}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded-lg object-cover"
          />
          <span className="line-clamp-2 flex-1 text-sm text-stone-800">{name(product)}</span>
          <span className="shrink-0 text-sm font-semibold text-brand-700">{formatTaka(product.price)}</span>
        </li>
      ))}
    </ul>
  );
}
