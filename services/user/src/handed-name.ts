import { hasHiddenCharacters, withoutHiddenCharacters } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';

/**
 * The name Keycloak hands over with a sign-in (the token's `name`), as the store keeps it: without
 * the characters nobody sees (contracts' hygiene) and on one line. Typed text is refused with a 400
 * instead, but this name belongs to an account that already exists: refusing it would lock the
 * shopper out of the store for a name they may not even know is wrong (one made before Keycloak
 * refused such names, or brought from Google). So it is kept cleaned, and the account is logged for
 * an admin to look at. Keycloak's user profile refuses such a name at sign-up (infra/keycloak).
 */
export function handedName(name: string, log: Logger, userId: string): string {
  if (!hasHiddenCharacters(name) && !/[\t\n\r]/.test(name)) return name;
  log.warn({ userId }, 'the name Keycloak handed over held hidden characters or line breaks; kept without them');
  return withoutHiddenCharacters(name);
}
