import { useId } from 'react';
import { Languages } from 'lucide-react';
import { useStore, type StorefrontStore } from '@bazar/web-kit';
import { chooseLanguage, LANGUAGES, useLanguage, type Language } from '@bazar/web-kit/i18n';
import { useShellText } from '../i18n';
import { rememberUnsaved } from '../auth/unsavedLanguage';

/** Each language by its own name, whichever language the page is in. */
const OWN_NAME: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/** English or Bangla, for the whole store; remembered in this browser and, signed in, with the account. */
export function LanguageSwitch() {
  const t = useShellText();
  const language = useLanguage();
  const id = useId();
  const store = useStore() as StorefrontStore;
  return (
    <div className="relative flex shrink-0 items-center">
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <Languages className="pointer-events-none absolute left-2.5 size-4 text-stone-500" aria-hidden />
      <select
        id={id}
        name="language"
        value={language}
        onChange={(event) => void switchLanguage(store, event.target.value as Language)}
        className="appearance-none rounded-full border border-stone-200 bg-white py-2 pr-3 pl-8 text-sm font-medium text-stone-700 hover:border-brand-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {OWN_NAME[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The shopper's choice of language: shown at once, and kept for their account (accountLanguage.ts). */
export async function switchLanguage(store: StorefrontStore, language: Language): Promise<void> {
  // kept before the language's words and the account's code load: a page left at once keeps it
  rememberUnsaved(language);
  await chooseLanguage(language);
  // kept out of the first render's code, like the api it calls
  const { languageSwitched } = await import('../auth/accountLanguage');
  await languageSwitched(store, language);
}
