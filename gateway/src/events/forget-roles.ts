import { RoleChanged, TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit/kafka';
import type { RoleDirectory } from '../auth/roles';

/** role-changed and user-deleted: the cached role of that user is dropped, so the next request
 *  asks the user service. Dropping a key twice is harmless, so no ledger is kept. */
export function forgetChangedRoles(roles: RoleDirectory): [EventHandler<typeof RoleChanged>, EventHandler<typeof UserDeleted>] {
  return [
    { topic: TOPICS.roleChanged, schema: RoleChanged, repeatable: true, handle: ({ payload }) => roles.forget(payload.email) },
    { topic: TOPICS.userDeleted, schema: UserDeleted, repeatable: true, handle: ({ payload }) => roles.forget(payload.email) },
  ];
}
