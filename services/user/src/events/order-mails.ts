import { OrderPlaced, OrderStatusChanged, ShopLanguage, TOPICS } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import type { EventHandler } from '@bazar/service-kit/kafka';
import { User, live, type UserDocument } from '../model/user';
import type { OrderMailKind, OrderMails } from '../order-mails';

/** An event older than this sends no mail: a new consumer group reads its topic from the beginning
 *  (the store's whole history), and a mail an hour late is no longer news: an order out for delivery
 *  has arrived by then, and My Orders tells the shopper the rest. A service away for minutes (a
 *  restart, a broker outage) still sends what it missed. */
export const MAIL_EVENTS_FRESH_FOR_MS = 60 * 60_000;

const fresh = (occurredAt: string) => Date.now() - new Date(occurredAt).getTime() <= MAIL_EVENTS_FRESH_FOR_MS;
const languageOf = (user: UserDocument | null) => ShopLanguage.safeParse(user?.language).data ?? 'en';

// The user service sends the order mails: it keeps each account's email and the language the
// shopper chose, which the mails are written in, while the events carry the order's facts (the
// confirmation's lines and amounts ride on OrderPlaced), so no call to the order service is made.
// The handlers keep no ledger of applied events (`repeatable`): the mail's own record, inserted by
// event id before the mail goes (OrderMails.sendOnce), is what an event heard again runs into, in
// the same write as the effect, so the ledger's read and write would only repeat it.

/** order-placed: the shopper's confirmation, with the order's lines and amounts. */
export function mailOrderPlaced(mails: OrderMails, log: Logger): EventHandler<typeof OrderPlaced> {
  return {
    topic: TOPICS.orderPlaced,
    schema: OrderPlaced,
    repeatable: true,
    async handle({ id, occurredAt, payload }) {
      if (!fresh(occurredAt)) return void log.info({ eventId: id, orderId: payload.orderId }, 'order placed long ago; no mail');
      const user = await User.findOne({ keycloakId: payload.userId, ...live }).lean<UserDocument>();
      await mails.sendOnce({
        eventId: id,
        kind: 'placed',
        orderId: payload.orderId,
        to: user?.email ?? payload.userEmail,
        name: user?.name ?? '',
        language: languageOf(user),
        ...(payload.bill && { bill: payload.bill }),
      });
    },
  };
}

const MAILED_STEPS: Partial<Record<OrderStatusChanged['payload']['status'], OrderMailKind>> = {
  'out-for-delivery': 'out-for-delivery',
  delivered: 'delivered',
};

/** order-status-changed: "out for delivery" and "delivered"; the other steps send nothing. */
export function mailOrderSteps(mails: OrderMails, log: Logger): EventHandler<typeof OrderStatusChanged> {
  return {
    topic: TOPICS.orderStatusChanged,
    schema: OrderStatusChanged,
    repeatable: true,
    // the steps that send nothing are passed over, and counted so
    appliesTo: ({ payload }) => MAILED_STEPS[payload.status] !== undefined,
    async handle({ id, occurredAt, payload }) {
      const kind = MAILED_STEPS[payload.status];
      if (!kind) return;
      if (!fresh(occurredAt)) return void log.info({ eventId: id, orderId: payload.orderId }, 'order moved long ago; no mail');
      const user = await User.findOne({ keycloakId: payload.userId, ...live }).lean<UserDocument>();
      if (!user) return void log.warn({ orderId: payload.orderId }, 'no account for the order’s shopper; no mail');
      await mails.sendOnce({
        eventId: id,
        kind,
        orderId: payload.orderId,
        to: user.email,
        name: user.name,
        language: languageOf(user),
      });
    },
  };
}
