import { TOPICS, type Role, type RoleChanged, type UserDeleted } from '@bazar/contracts';
import { newEvent } from '@bazar/service-kit/kafka';

/** The outbox entry of a role change, to be written with the change itself. */
export function roleChangedEntry(user: { _id: { toString(): string }; email: string }, role: Role) {
  const event: RoleChanged = newEvent('RoleChanged', { userId: user._id.toString(), email: user.email, role });
  return { topic: TOPICS.roleChanged, key: event.payload.userId, event };
}

export function userDeletedEntry(user: { _id: { toString(): string }; email: string }) {
  const event: UserDeleted = newEvent('UserDeleted', { userId: user._id.toString(), email: user.email });
  return { topic: TOPICS.userDeleted, key: event.payload.userId, event };
}
