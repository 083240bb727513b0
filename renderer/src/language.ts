/** The store's languages; the first is the default. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie (and local storage key) the storefront keeps the shopper's choice in (web-kit's i18n). */
export const LANGUAGE_COOKIE = 'bazar.language';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The language the shopper's browser will show the page in, decided as the storefront decides it:
 * the shopper's choice if made (the cookie), else the first of the browser's languages the store
 * speaks, else English. The page hydrates only when both agree.
 */
export function languageOf(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  for (const cookie of (cookieHeader ?? '').split(';')) {
    const [name, value = ''] = cookie.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0]!, quality: quality === undefined ? 1 : Number(quality), order };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return preferred.map(({ language }) => language).find(isLanguage) ?? 'en';
}
