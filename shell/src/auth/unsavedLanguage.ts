// The language the shopper chose in this tab that their account does not have yet: kept in the tab's
// session storage, which lasts through the trip to Keycloak's pages and back, until the account
// answers with it (accountLanguage.ts). Apart from that module, which loads later, so that a switch
// records it at once.
import type { Language } from '@bazar/web-kit/i18n';

const UNSAVED_CHOICE = 'bazar.language.unsaved';

export function rememberUnsaved(language: Language): void {
  try {
    sessionStorage.setItem(UNSAVED_CHOICE, language);
  } catch {
    // storage refused: the account's choice will win at sign-in
  }
}

export function unsavedChoice(): Language | undefined {
  try {
    const chosen = sessionStorage.getItem(UNSAVED_CHOICE);
    return chosen === 'en' || chosen === 'bn' ? chosen : undefined;
  } catch {
    return undefined;
  }
}

/** The account has `language`: the tab's choice goes, unless the shopper has chosen again since. */
export function forgetSaved(language: Language): void {
  try {
    if (sessionStorage.getItem(UNSAVED_CHOICE) === language) sessionStorage.removeItem(UNSAVED_CHOICE);
  } catch {
    // storage refused: nothing was kept
  }
}
