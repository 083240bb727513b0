import { OrderStatus, paisaToTaka, type Order as OrderAnswer, type OrderListQuery, type OrderSummary } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { readGently, readModel } from '@bazar/service-kit/mongo';
import type { QueryFilter } from 'mongoose';
import { ANSWER_FIELDS, Order, toOrderAnswer, type OrderDocument } from './model/order';

/** Bangladesh keeps UTC+6 all year: a shop day starts at 18:00 UTC the day before. */
const DHAKA_OFFSET_MS = 6 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const shopDay = (at: Date) => new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
/** When the shop day `YYYY-MM-DD` begins. */
export const shopDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);

/** The admin's list newest first, the order of its indexes `{ status, createdAt, _id }` and
 *  `{ createdAt, _id }` (model/order.ts). */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * What an order is searched by, in one string so that a search is one substring test through one
 * index (`{ searchText: 1 }`): its email lower-cased, its phone and its id, separated by spaces.
 * The phone's digits are written as the letters A-J and the id's hex digits as K-Z, so that each
 * part of a search (`searchFilter`) matches only the part of the text it is meant for: a piece of an
 * email (lower-cased, so never those capitals) never matches inside a phone or an id, and a phone's
 * digits never inside an email or an id. A search holds no space, so none reaches from one part into
 * the next. Written when the order is placed; its email, phone and id never change.
 */
export function searchTextOf({ _id, email, phone }: { _id: { toString(): string }; email: string; phone?: string | null }): string {
  return `${email.toLowerCase()} ${phoneLetters(phone ?? '')} ${idLetters(_id.toString())}`;
}
const phoneLetters = (digits: string) => digits.replace(/[0-9]/g, (digit) => String.fromCharCode(65 + Number(digit)));
const idLetters = (id: string) => id.toLowerCase().replace(/[0-9a-f]/g, (hex) => String.fromCharCode(75 + parseInt(hex, 16)));

/** A user's words as a regular expression matching them literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (words: string): QueryFilter<OrderDocument> => ({ searchText: { $regex: literally(words) } });

/**
 * What a search finds, as literals in `searchText`, any of which finds an order: the order's id,
 * part of its email in any case, part of its phone however written (+880 1712-345678 finds
 * 01712345678, from three digits on). Each is asked as a literal without options, which the
 * database tests through the index.
 */
export function searchWords(q: string): string[] {
  const text = q.toLowerCase();
  const digits = q.replace(/\D/g, '');
  const phone = digits.length >= 3 ? digits.replace(/^880/, '0') : undefined;
  return [
    // an email holds no space
    ...(text.includes(' ') ? [] : [text]),
    ...(phone ? [phoneLetters(phone)] : []),
    ...(/^[0-9a-f]{24}$/.test(text) ? [idLetters(text)] : []),
  ];
}

/** The orders the admin's list shows for its filters (orders still being placed are never shown),
 *  but its search. */
function shownFilter({ status, from, to, slot }: Omit<OrderListQuery, 'q' | 'page' | 'pageSize'>): QueryFilter<OrderDocument> {
  return {
    status: status ?? { $ne: 'placing' },
    ...((from || to) && {
      createdAt: { ...(from && { $gte: shopDayStart(from) }), ...(to && { $lt: new Date(shopDayStart(to).getTime() + DAY_MS) }) },
    }),
    ...(slot && { slot }),
  };
}

/**
 * What the admin's list finds: the orders its filters show and, given a search, those any of the
 * search's literals finds (`searchWords`); undefined when the search can find nothing. Each literal
 * is tested through the `{ searchText: 1 }` index, the other filters through theirs.
 */
export function listFilter(query: Omit<OrderListQuery, 'page' | 'pageSize'>): QueryFilter<OrderDocument> | undefined {
  const shown = shownFilter(query);
  if (!query.q) return shown;
  const words = searchWords(query.q);
  if (words.length === 0) return undefined;
  return { ...shown, $or: words.map(containing) };
}

/** One page of the admin's list, newest first, and how many orders match. */
export async function listedPage(query: OrderListQuery): Promise<{ orders: OrderAnswer[]; total: number }> {
  const filter = listFilter(query);
  if (!filter) return { orders: [], total: 0 };
  const skip = (query.page - 1) * query.pageSize;
  const [orders, total] = await Promise.all([
    readModel(Order).find(filter).sort(NEWEST_FIRST).skip(skip).limit(query.pageSize).select(ANSWER_FIELDS).lean<OrderDocument[]>(),
    readModel(Order).countDocuments(filter),
  ]);
  return { orders: orders.map(toOrderAnswer), total };
}

/** Whether an order's total counts as revenue. */
export const isRevenue = (status: string) => status !== 'cancelled';

/** Today's orders and revenue (Bangladesh's day), and how many orders are in each status. */
export async function orderSummary(): Promise<OrderSummary> {
  const today = shopDay(new Date());
  const orders = readModel(Order);
  const [counts, todays] = await Promise.all([
    Promise.all(OrderStatus.options.map((status) => orders.countDocuments({ status }))),
    // only the two fields are read of each order
    orders
      .find({ status: { $ne: 'placing' }, createdAt: { $gte: shopDayStart(today) } })
      .select({ totalPaisa: 1, status: 1 })
      .lean<Pick<OrderDocument, 'totalPaisa' | 'status'>[]>(),
  ]);
  return {
    today,
    todayOrders: todays.length,
    todayRevenue: paisaToTaka(todays.reduce((sum, order) => sum + (isRevenue(order.status) ? order.totalPaisa : 0), 0)),
    byStatus: Object.fromEntries(OrderStatus.options.map((status, i) => [status, counts[i]])) as OrderSummary['byStatus'],
  };
}

/**
 * Writes `searchText` on the orders placed before it was written with them, once, gently
 * (`readGently`: a hundred at a time, then a pause), so that the orders being placed meanwhile are
 * not held up. Every replica may run it at once: each writes what the order's own email, phone and
 * id say, which never change, and only where there is none yet, so two writing the same order write
 * the same text, and the second matches nothing.
 */
export async function writeMissingSearchTexts(log: Logger, stopping: () => boolean): Promise<void> {
  let written = 0;
  let batch: Pick<OrderDocument, '_id' | 'email' | 'phone'>[] = [];
  const writeBatch = async () => {
    if (batch.length === 0) return;
    const result = await Order.bulkWrite(
      batch.map((order) => ({
        updateOne: { filter: { _id: order._id, searchText: { $exists: false } }, update: { $set: { searchText: searchTextOf(order) } } },
      })),
      { ordered: false },
    );
    written += result.modifiedCount;
    batch = [];
  };
  for await (const order of readGently(
    readModel(Order)
      .find({ searchText: { $exists: false } })
      .select('email phone')
      .lean<Pick<OrderDocument, '_id' | 'email' | 'phone'>>(),
  )) {
    if (stopping()) return;
    batch.push(order);
    if (batch.length === 100) await writeBatch();
  }
  await writeBatch();
  if (written > 0) log.info({ written }, 'orders placed before their search text was kept given one');
}
