/** The store's languages; the first is the default. nginx decides which one a shopper's page is in
 *  (infra/nginx/bazar.conf.template, $page_language), as the storefront does: the shopper's choice, else the
 *  browser's first language the store speaks, else English. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie (and local storage key) the storefront keeps the shopper's choice in (web-kit's i18n). */
export const LANGUAGE_COOKIE = 'bazar.language';
