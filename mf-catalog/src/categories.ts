import { useCatalogText } from './i18n';

/** A category's page: the search page showing the category's shelf (the spec names no category
 *  route of its own). */
export const categoryPath = (category: string) => `/search?${new URLSearchParams({ category })}`;

/** A category's name in the active language: the shelves' own have a name in each language (they
 *  are named in the catalog's English), and one an admin made since shows as it was typed. */
export function useCategoryName(): (category: string) => string {
  const t = useCatalogText();
  return (category) => t(`categories.${category}`, { defaultValue: category });
}
