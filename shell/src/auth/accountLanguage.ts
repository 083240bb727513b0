// The shopper's language, kept with their account as well as in this browser (see the README's
// "Language"): a choice made while signed in is saved to the account; at sign-in the account's
// choice is applied, unless the shopper chose in this tab before the account had it (just before
// signing in, or just before leaving a page whose save had not finished), which then wins.
import { chooseLanguage, currentLanguage, type Language } from '@bazar/web-kit/i18n';
import type { Shopper, StorefrontStore } from '@bazar/web-kit';
import { forgetSaved, unsavedChoice } from './unsavedLanguage';

/** After the top bar's switch has changed the page's language (and kept it as the tab's unsaved
 *  choice): saved to the account if signed in. */
export async function languageSwitched(store: StorefrontStore, language: Language): Promise<void> {
  const session = store.getState().session;
  if (session.status !== 'signedIn') return;
  if ((await syncAccount(store, session.shopper, language)) === language) forgetSaved(language);
}

/** Records the signed-in account with the user service, once per sign-in, and shows the store in
 *  the account's language. */
export async function syncSignedIn(store: StorefrontStore, shopper: Shopper): Promise<void> {
  // kept until the account has it: a page left while this sync is on its way (a switch made just
  // before the sign-in, then a link) leaves it for the next page's sign-in
  const chosen = unsavedChoice();
  const shown = currentLanguage();
  const saved = await syncAccount(store, shopper, chosen);
  if (chosen && saved === chosen) forgetSaved(chosen);
  // unless the shopper switched while the account was being read
  if (saved && saved !== shown && currentLanguage() === shown) await chooseLanguage(saved);
}

/** The account's writes, one at a time in the order they were asked for: the sign-in's and a switch
 *  made just after it, sent at once, could reach the user service in either order and leave the
 *  older choice with the account. */
let accountWrites: Promise<unknown> = Promise.resolve();

/** The account's language after the sync, if it has one. */
function syncAccount(store: StorefrontStore, shopper: Shopper, language?: Language): Promise<Language | undefined> {
  const write = accountWrites.then(() => writeAccount(store, shopper, language));
  accountWrites = write.catch(() => undefined);
  return write;
}

async function writeAccount(store: StorefrontStore, shopper: Shopper, language?: Language): Promise<Language | undefined> {
  // The shell's api calls come with the storefront api, which loads beside the first render.
  const { shellApi } = await import('../api');
  const answer = await store.dispatch(
    shellApi.endpoints.syncUser.initiate({
      params: { email: shopper.email },
      body: { email: shopper.email, name: shopper.name, language },
    }),
  );
  return answer.data?.user.language;
}
