import { z } from 'zod';
import { Email, ObjectIdString, Role } from './common';
import { TOPICS, type Topic } from './topics';

/** Every event: `id` is the idempotency key consumers record, `type` names what happened (past
 *  tense), `occurredAt` is when. Payloads are thin: ids and the few facts a consumer acts on. */
function envelope<T extends string, P extends z.ZodType>(type: T, payload: P) {
  return z.object({ id: z.uuid(), type: z.literal(type), occurredAt: z.iso.datetime(), payload });
}

export const OrderPlaced = envelope(
  'OrderPlaced',
  z.object({
    orderId: ObjectIdString,
    userEmail: Email,
    items: z.array(z.object({ productId: ObjectIdString, quantity: z.number().int().positive() })).min(1),
    /** the cart lines the order was built from, for the cart service to remove */
    cartLineIds: z.array(ObjectIdString),
  }),
);
export type OrderPlaced = z.infer<typeof OrderPlaced>;

export const RoleChanged = envelope('RoleChanged', z.object({ userId: ObjectIdString, email: Email, role: Role }));
export type RoleChanged = z.infer<typeof RoleChanged>;

export const UserDeleted = envelope('UserDeleted', z.object({ userId: ObjectIdString, email: Email }));
export type UserDeleted = z.infer<typeof UserDeleted>;

export const ProductChanged = envelope('ProductChanged', z.object({ productId: ObjectIdString, change: z.enum(['created', 'stock']) }));
export type ProductChanged = z.infer<typeof ProductChanged>;

/** Which event travels on which topic. */
export const EVENTS_BY_TOPIC = {
  [TOPICS.orderPlaced]: OrderPlaced,
  [TOPICS.roleChanged]: RoleChanged,
  [TOPICS.userDeleted]: UserDeleted,
  [TOPICS.productChanged]: ProductChanged,
} as const satisfies Record<Topic, z.ZodType>;
export type EventOf<T extends Topic> = z.infer<(typeof EVENTS_BY_TOPIC)[T]>;
