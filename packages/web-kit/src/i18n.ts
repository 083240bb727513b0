// The store's two languages, English and Bangla, on one i18next instance for the whole page: this
// module, i18next and react-i18next are federation singletons, so the shell's copy serves every
// remote. Each app owns a namespace and its message files and registers them with `messageFiles`;
// only the active language's files are fetched.
import { createElement, lazy, type ComponentProps } from 'react';
import i18next, { type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';

export { useTranslation } from 'react-i18next';

const MarkupTrans = lazy(() => import('./markup').then(({ Trans }) => ({ default: Trans })));

/** react-i18next's Trans (a message with markup in it), loaded when first shown. */
export function Trans(props: ComponentProps<typeof MarkupTrans>) {
  return createElement(MarkupTrans, props);
}

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the shopper's choice is kept, per browser: in local storage, and in a cookie of the same
 *  name that the storefront's renderer reads to render the page in that language. */
export const LANGUAGE_STORAGE_KEY = 'bazar.language';

function rememberForTheRenderer(language: string): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

type Messages = Record<string, unknown>;
type MessageLoader = (language: Language) => Promise<{ default: Messages }>;

const messageLoaders = new Map<string, MessageLoader>();

/** Registers an app's namespace with its message files, e.g.
 *  `messageFiles('cart', (language) => import(`./messages/${language}.json`))`. */
export function messageFiles(namespace: string, load: MessageLoader): void {
  messageLoaders.set(namespace, load);
}

messageFiles('common', (language) => import(`./messages/${language}.json`));
// The words of every refusal by its code (refusalText): a Bangla page loads them once its language
// is known, so that a refusal is worded at once, without waiting for them.
messageFiles('refusals', (language) => import(`./refusals/${language}.json`));

function chosenInCookie(): string | undefined {
  const prefix = `${LANGUAGE_STORAGE_KEY}=`;
  return document.cookie
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
}

function chosenInStorage(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // no storage: nothing was chosen in it
  }
}

/** The page's language: the shopper's choice if they made one (the cookie, else local storage), else
 *  the browser's languages, in that order; i18next takes the first the store speaks. Stored only when
 *  chosen (chooseLanguage). Three looks of our own rather than i18next-browser-languagedetector, whose
 *  other looks and caches the store does not use and which every page's first render would load. */
const shoppersLanguage: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => [chosenInCookie(), chosenInStorage(), ...navigator.languages, navigator.language].filter((code): code is string => !!code),
};

/** Settles once the language is known and the common messages are loaded. */
export const languageReady = i18next
  .use(shoppersLanguage)
  .use(
    resourcesToBackend(async (language: Language, namespace: string) => {
      const load = messageLoaders.get(namespace);
      if (!load) throw new Error(`No message files registered for the namespace ${namespace}`);
      return (await load(language)).default;
    }),
  )
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    // English for a browser in any other language; Bangla falls back to nothing, so that a Bangla
    // page never fetches the English files too (a test keeps both files' keys in step).
    fallbackLng: { default: ['en'], bn: [] },
    ns: ['common'],
    defaultNS: 'common',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });

// A choice made before the cookie existed is copied to it, for the renderer's next page.
try {
  const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (chosen && !document.cookie.includes(`${LANGUAGE_STORAGE_KEY}=`)) rememberForTheRenderer(chosen);
} catch {
  // no storage: nothing was chosen before
}

export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'bn' ? 'bn' : 'en';
}

// The language of the page, not the browser's ('en-US' reads as English). An English page shows the
// server's own words for a refusal and needs no refusal messages.
i18next.on('languageChanged', () => {
  // Set only when it differs: Chromium restyles every element of the page whenever lang is set, even
  // to the value it has (the :lang() rules), and a rendered page comes in its language already.
  if (document.documentElement.lang !== currentLanguage()) document.documentElement.lang = currentLanguage();
  if (currentLanguage() === 'bn') void i18next.loadNamespaces('refusals');
});

/** The shopper's choice of language, remembered in this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  // remembered before its words load: a page left meanwhile opens the next one in it
  rememberForTheRenderer(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this visit only.
  }
  await i18next.changeLanguage(language);
}

const LOCALES: Record<Language, string> = { en: 'en-BD', bn: 'bn-BD' };

/** Built when first used: each page's code made all eight as it started, and a formatter in
 *  Bangladesh time loads the time zone's data, about 20 ms of a phone's main thread (Chromium with the
 *  CPU slowed 4×) for times only the order pages show; the other language's are seldom needed. */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function formatsOf(language: Language) {
  const locale = LOCALES[language];
  const taka = lazily(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' }));
  const number = lazily(() => new Intl.NumberFormat(locale));
  // The store delivers in Bangladesh, and the admin's days are Bangladesh days: times are shown there.
  // Day, month, year and the 24-hour clock in both ('12 Jan 2026, 14:05'; Bangla's ICU data would
  // otherwise write 'PM' in Latin letters).
  const time = lazily(
    () =>
      new Intl.DateTimeFormat(language === 'bn' ? locale : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Dhaka',
        hourCycle: 'h23',
      }),
  );
  const date = lazily(() => new Intl.DateTimeFormat(language === 'bn' ? locale : 'en-GB', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' }));
  return {
    /** '৳1,250.50' in English, '১,২৫০.৫০৳' in Bangla. */
    formatTaka: (amount: number) => taka().format(amount),
    formatNumber: (value: number) => number().format(value),
    /** A moment (ISO time) in Bangladesh time. */
    formatTime: (iso: string) => time().format(new Date(iso)),
    /** A day (ISO date or time): '12 Jan 2022'. */
    formatDate: (iso: string) => date().format(new Date(iso)),
  };
}

const formats: Record<Language, ReturnType<typeof formatsOf>> = { en: formatsOf('en'), bn: formatsOf('bn') };

/** An amount in the active language, for code outside components (or remotes built before
 *  `useFormats`): it does not render a component again when the language changes. */
export const formatTaka = (amount: number) => formats[currentLanguage()].formatTaka(amount);
/** A number in the active language's digits, for code outside components. */
export const formatNumber = (value: number) => formats[currentLanguage()].formatNumber(value);

/** The formatters of the active language; the component renders again when the language changes. */
export function useFormats() {
  const { i18n } = useTranslation();
  return formats[i18n.resolvedLanguage === 'bn' ? 'bn' : 'en'];
}

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
}

/** A message of the active language, for code outside components (dialogs, toasts). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options ?? {}) as string;
}

/** Whether the active language's loaded messages have `key` (a namespace not loaded yet has none). */
export function hasText(key: string): boolean {
  return i18next.exists(key);
}
