import { RoleChanged, TOPICS, UserDeleted } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import type { EventHandler } from '@bazar/service-kit/kafka';
import type { KeycloakAdmin } from '../keycloak';
import { AddressBook } from '../model/address-book';
import { DeletedAccount } from '../model/deleted-account';
import { Profile } from '../model/profile';
import { User, live, type UserDocument } from '../model/user';

async function keycloakIdOf(user: Pick<UserDocument, 'keycloakId' | 'email'>, keycloak: KeycloakAdmin): Promise<string | undefined> {
  return user.keycloakId || keycloak.findUserId(user.email);
}

/** role-changed: the Keycloak realm role `admin` follows the user's record. The record's current
 *  role is applied rather than the event's, so a late or repeated event cannot undo a newer change. */
export function keepKeycloakRoleInStep(keycloak: KeycloakAdmin, log: Logger): EventHandler<typeof RoleChanged> {
  return {
    topic: TOPICS.roleChanged,
    schema: RoleChanged,
    async handle({ payload }) {
      const user = await User.findOne({ _id: payload.userId, ...live }).lean<UserDocument>();
      if (!user) return;
      const keycloakId = await keycloakIdOf(user, keycloak);
      if (!keycloakId) return void log.warn({ email: user.email }, 'no Keycloak account to give the role to');
      await keycloak.setAdmin(keycloakId, user.role === 'admin');
    },
  };
}

/** user-deleted: the Keycloak account, its address book and the profile go, then the record itself; the account's id
 *  is remembered so that its tokens cannot sync it back. */
export function removeDeletedAccount(keycloak: KeycloakAdmin): EventHandler<typeof UserDeleted> {
  return {
    topic: TOPICS.userDeleted,
    schema: UserDeleted,
    async handle({ payload }) {
      // Without the tombstone the deletion is already complete; an account found by email now
      // would be someone who signed up again since, and is not to be touched.
      const tombstone = await User.findOne({ _id: payload.userId, deletedAt: { $ne: null } }).lean<UserDocument>();
      if (!tombstone) return;
      const keycloakId = await keycloakIdOf(tombstone, keycloak);
      if (keycloakId) {
        await DeletedAccount.updateOne({ _id: keycloakId }, { $setOnInsert: { email: tombstone.email } }, { upsert: true });
        await keycloak.deleteUser(keycloakId);
        await AddressBook.deleteOne({ _id: keycloakId });
      }
      await Profile.deleteOne({ email: tombstone.email });
      await User.deleteOne({ _id: tombstone._id });
    },
  };
}
