import { messageFiles, useTranslation } from '@bazar/web-kit/i18n';

messageFiles('cart', (language) => import(`./messages/${language}.json`));

/** The cart's messages in the active language. */
export function useCartText() {
  return useTranslation('cart').t;
}
