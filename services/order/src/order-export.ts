import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { OrderStatus, SLOT_HOURS, paisaToTaka, slotWindow, type OrderExportQuery } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { readModel } from '@bazar/service-kit/mongo';
import type { Response } from 'express';
import type { QueryFilter } from 'mongoose';
import { NEWEST_FIRST, listFilter, shopDay } from './admin-order-list';
import { Order, type OrderDocument } from './model/order';

/** Orders read at a time: a few hundred KB of rows, whatever the export's size. */
const BATCH = 200;
/** The share of its time an export may keep the database busy: the local database answers one
 *  command at a time, and an export of every order must not hold up orders being placed (readGently
 *  does the same for the reads of every order). */
const BUSY_SHARE = 0.5;

type ExportedOrder = Pick<
  OrderDocument,
  | '_id'
  | 'createdAt'
  | 'status'
  | 'name'
  | 'email'
  | 'phone'
  | 'addinfo'
  | 'items'
  | 'subtotalPaisa'
  | 'vatPaisa'
  | 'deliveryPaisa'
  | 'totalPaisa'
  | 'address'
  | 'slot'
>;
const EXPORTED_FIELDS = 'createdAt status name email phone addinfo items subtotalPaisa vatPaisa deliveryPaisa totalPaisa address slot';

const HEADER = [
  'Order',
  'Placed (Bangladesh time)',
  'Status',
  'Name',
  'Email',
  'Phone',
  'Items',
  'Units',
  'Subtotal (BDT)',
  'VAT (BDT)',
  'Delivery (BDT)',
  'Total (BDT)',
  'Note',
  // after the first columns, so that a sheet made from an earlier export keeps its places
  'Delivery slot (Bangladesh time)',
  'District',
  'Area',
  'Address',
  'Delivery phone',
];

/**
 * A cell of text as a spreadsheet should take it (RFC 4180): in quotes, its quotes doubled, when it
 * holds a comma, a quote or a line break; and a cell a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return, which some strip before looking) starts with an
 * apostrophe instead, as OWASP's CSV injection advice says, so that a shopper's name or note can
 * never become a formula on the accountant's machine.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
/** An amount in taka: a number, written as numbers are (no formula can start with a digit). */
const money = (paisa: number) => paisaToTaka(paisa).toFixed(2);

/** When an order was placed, in Bangladesh time (UTC+6 all year), as a spreadsheet reads a time. */
const placedAt = (at: Date) => `${new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')}`;

/** "2026-12-07 14:00-16:00": the slot's window as the rider reads it. */
function slotText(slot: string | null | undefined): string {
  const window = slot ? slotWindow(slot) : undefined;
  if (!window) return '';
  const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return `${window.day} ${hour(window.startHour)}-${hour(window.startHour + SLOT_HOURS)}`;
}

/** Road and house, flat, landmark: the address's lines below its district and area. */
const streetText = (address: ExportedOrder['address']) =>
  address ? [address.road, address.flat, address.landmark].filter(Boolean).join(', ') : '';

function csvRow(order: ExportedOrder): string {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const items = order.items.map((item) => `${item.quantity} x ${item.name}`).join('; ');
  return (
    [
      csvText(order._id.toString()),
      placedAt(order.createdAt),
      csvText(order.status),
      csvText(order.name),
      csvText(order.email),
      csvText(order.phone ?? ''),
      csvText(items),
      String(units),
      money(order.subtotalPaisa),
      money(order.vatPaisa),
      money(order.deliveryPaisa),
      money(order.totalPaisa),
      csvText(order.addinfo ?? ''),
      slotText(order.slot),
      csvText(order.address?.district ?? ''),
      csvText(order.address?.area ?? ''),
      csvText(streetText(order.address)),
      csvText(order.address?.phone ?? ''),
    ].join(',') + '\r\n'
  );
}

const gone = (res: Pick<Response, 'destroyed' | 'writableEnded'>) => res.destroyed || res.writableEnded;

/** Writes `text`, waiting for the client to take what was written before when it is behind. A
 *  response already closed answers at once: its 'close' has been emitted and would never come again. */
export async function send(res: Response, text: string): Promise<void> {
  if (res.write(text) || gone(res)) return;
  const waited = new AbortController(); // the listener of the event that did not come goes too
  try {
    await Promise.race([once(res, 'drain', { signal: waited.signal }), once(res, 'close', { signal: waited.signal })]);
  } finally {
    waited.abort();
  }
}

/** The orders the list's filters find (admin-order-list.ts `listFilter`), newest first, BATCH at a
 *  time: each batch the orders after the last one of the batch before, in the order of the index
 *  `{ createdAt, _id }`, so that a batch reads its own orders and no earlier one. */
async function* batchesOf(query: OrderExportQuery): AsyncGenerator<ExportedOrder[]> {
  const filter = listFilter(query);
  if (!filter) return;
  for (let last: ExportedOrder | undefined; ;) {
    const orders = await readModel(Order)
      .find(last ? { $and: [filter, after(last)] } : filter)
      .sort(NEWEST_FIRST)
      .limit(BATCH)
      .select(EXPORTED_FIELDS)
      .lean<ExportedOrder[]>();
    if (orders.length > 0) yield orders;
    if (orders.length < BATCH) return;
    last = orders.at(-1);
  }
}

/** The orders after `order` newest first: placed no later, and before it or with a lower id. The
 *  bound on `createdAt` is where the index is read from. */
const after = ({ createdAt, _id }: Pick<OrderDocument, 'createdAt' | '_id'>): QueryFilter<OrderDocument> => ({
  createdAt: { $lte: createdAt },
  $or: [{ createdAt: { $lt: createdAt } }, { _id: { $lt: _id } }],
});

/**
 * Streams the orders the Orders page's filters find, as CSV (UTF-8 with its byte order mark, so
 * that spreadsheets read Bangla names right), newest first, as the admin's list finds them
 * (admin-order-list.ts `listFilter`): BATCH orders at a time, each batch those after the last one
 * written, written before the next is read, and read only as fast as the client takes the file. The
 * process holds one batch of orders, however many orders match. Each order is in the file once, as
 * it was when its batch was read: one placed or moved into the filter meanwhile is in it only if it
 * comes after the batch being written, one moved out of it only if its batch was read before. A
 * failure once the file has begun cuts the connection, so a short file is never taken for a whole one.
 */
export async function streamOrdersCsv(query: OrderExportQuery, res: Response, log: Logger): Promise<void> {
  const name = `bazar-orders-${shopDay(new Date())}.csv`;
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.flushHeaders();
  let exported = 0;
  try {
    await send(res, `\uFEFF${HEADER.map(csvText).join(',')}\r\n`);
    let started = performance.now();
    for await (const orders of batchesOf(query)) {
      const readMs = performance.now() - started;
      const rows = orders.flatMap((order) => (OrderStatus.safeParse(order.status).success ? [csvRow(order)] : []));
      exported += rows.length;
      await send(res, rows.join(''));
      if (gone(res)) return;
      await sleep(readMs * (1 / BUSY_SHARE - 1));
      started = performance.now();
    }
    res.end();
  } catch (err) {
    log.warn({ err, exported }, 'exporting orders failed part way; the download was cut');
    res.destroy(err as Error);
  }
}
