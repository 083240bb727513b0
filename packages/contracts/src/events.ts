import { z } from 'zod';
import { Email, ObjectIdString, Role } from './common';
import { OrderActor, OrderStatus } from './order';
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
    /** the identity provider's id of the shopper (`sub`); the email is a copy */
    userId: z.string().min(1),
    userEmail: Email,
    items: z.array(z.object({ productId: ObjectIdString, quantity: z.number().int().positive() })).min(1),
    /** What the shopper's confirmation mail says of the order (the user service sends it and keeps
     *  no orders): its lines as priced and the amounts, in taka. Absent from events published
     *  before it was added. */
    bill: z
      .object({
        lines: z.array(z.object({ name: z.string(), name_bn: z.string().optional(), quantity: z.number().int(), lineTotal: z.number() })),
        subtotal: z.number(),
        vat: z.number(),
        delivery: z.number(),
        total: z.number(),
      })
      .optional(),
  }),
);
export type OrderPlaced = z.infer<typeof OrderPlaced>;

/** An order moved to another status (placed ones too). `reservationId` names the catalog's hold on
 *  its units, which a cancellation gives back. */
export const OrderStatusChanged = envelope(
  'OrderStatusChanged',
  z.object({
    orderId: ObjectIdString,
    userId: z.string().min(1),
    reservationId: ObjectIdString,
    status: OrderStatus,
    previous: OrderStatus.optional(),
    by: OrderActor,
  }),
);
export type OrderStatusChanged = z.infer<typeof OrderStatusChanged>;

export const RoleChanged = envelope('RoleChanged', z.object({ userId: ObjectIdString, email: Email, role: Role }));
export type RoleChanged = z.infer<typeof RoleChanged>;

export const UserDeleted = envelope('UserDeleted', z.object({ userId: ObjectIdString, email: Email }));
export type UserDeleted = z.infer<typeof UserDeleted>;

export const ProductChanged = envelope(
  'ProductChanged',
  z.object({ productId: ObjectIdString, change: z.enum(['created', 'updated', 'stock']) }),
);
export type ProductChanged = z.infer<typeof ProductChanged>;

/** Which event travels on which topic. */
export const EVENTS_BY_TOPIC = {
  [TOPICS.orderPlaced]: OrderPlaced,
  [TOPICS.orderStatusChanged]: OrderStatusChanged,
  [TOPICS.roleChanged]: RoleChanged,
  [TOPICS.userDeleted]: UserDeleted,
  [TOPICS.productChanged]: ProductChanged,
} as const satisfies Record<Topic, z.ZodType>;
export type EventOf<T extends Topic> = z.infer<(typeof EVENTS_BY_TOPIC)[T]>;
