import { messageFiles, useTranslation } from '@bazar/web-kit/i18n';

messageFiles('catalog', (language) => import(`./messages/${language}.json`));

/** The catalog's messages in the active language. */
export function useCatalogText() {
  return useTranslation('catalog').t;
}
