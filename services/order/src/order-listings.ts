import { OrderStatus, paisaToTaka, type OrderListQuery, type OrderSummary } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { deleteByIds, isDuplicateKey, readByIds, readGently, readModel, upsertOne } from '@bazar/service-kit/mongo';
import { Order, type OrderDocument } from './model/order';
import { OrderDay, OrderDayCounts, type DayCounts, type OrderDayDocument } from './model/order-days';

/** Bangladesh keeps UTC+6 all year: a shop day starts at 18:00 UTC the day before. */
const DHAKA_OFFSET_MS = 6 * 60 * 60_000;
export const shopDay = (at: Date) => new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);

/** What the admin's list needs of an order. */
export type ListableOrder = Pick<OrderDocument, '_id' | 'createdAt' | 'status' | 'history' | 'totalPaisa' | 'email' | 'phone' | 'listedIn'>;
const LISTED_FIELDS = 'createdAt status history totalPaisa email phone listedIn';

/** An order as the admin's list finds it: what it is filtered, searched and sorted by. `step` is how
 *  many statuses it has had (its history's length): an entry is only ever written over the one of
 *  the step before. */
export type ListedOrder = { at: Date; step: number; status: OrderStatus; totalPaisa: number; email: string; phone: string };

/** An entry as stored: one string (no field holds a space: emails and phones are checked). */
const entryText = ({ at, step, status, totalPaisa, email, phone }: ListedOrder) =>
  `${at.getTime()} ${step} ${status} ${totalPaisa} ${email} ${phone}`;
function readEntry(text: string): ListedOrder {
  const [at, step, status, totalPaisa, email = '', phone = ''] = text.split(' ');
  return { at: new Date(Number(at)), step: Number(step), status: status as OrderStatus, totalPaisa: Number(totalPaisa), email, phone };
}
export const entriesOf = (part: Pick<OrderDayDocument, 'orders'> | null) =>
  Object.entries(part?.orders ?? {}).map(([id, text]): [string, ListedOrder] => [id, readEntry(text)]);

export const isRevenue = (status: OrderStatus) => status !== 'cancelled';
export const newestFirst = ([idA, a]: [string, ListedOrder], [idB, b]: [string, ListedOrder]) =>
  b.at.getTime() - a.at.getTime() || idB.localeCompare(idA);
export const countOf = (counts: Pick<DayCounts, 'byStatus'>, status?: OrderStatus) =>
  status ? (counts.byStatus[status] ?? 0) : OrderStatus.options.reduce((sum, one) => sum + (counts.byStatus[one] ?? 0), 0);

/**
 * A day's orders are spread over parts of a bounded size, since every move of an order rewrites its
 * part whole and the writes to one part wait for one another: an unbounded part grows slower to
 * rewrite with every order, and the orders queue behind it (docs/decisions/admin-order-list.md).
 * - By the last hex digit of the order's id, 16 lines a day: `YYYY-MM-DD/<digit>` (all there was
 *   before generations, and where an order without `listedIn` is listed).
 * - Each line in generations `YYYY-MM-DD/<digit>/<n>`, n from 1: a replica opens the next one when it
 *   starts writing the line and again after listing `partSize` orders there, so a part holds at most
 *   that many per replica. The line's first part records the last generation opened (`parts`).
 * The part is chosen when the order is written (`partFor`) and kept in it (`listedIn`), so every
 * later move of the order is written to the same part.
 */
const lineFor = (day: string, orderId: string) => `${day}/${orderId.slice(-1).toLowerCase()}`;
const generationOf = (line: string, generation: number) => (generation === 0 ? line : `${line}/${generation}`);
const lineOf = (part: string) => part.split('/').slice(0, 2).join('/');
const generationIn = (part: string) => Number(part.split('/')[2] ?? 0);
export const dayOf = (partOrLine: string) => partOrLine.slice(0, 10);
export const HEX_DIGITS = [...'0123456789abcdef'];

const DAY_MS = 24 * 60 * 60_000;
export const daysAgo = (days: number) => shopDay(new Date(Date.now() - days * DAY_MS));
/** The counts of the last days' parts are read from the parts themselves, where most writes go, so
 *  that those writes leave the counts copies alone: a move is then one write. Writers copy the counts
 *  of days before yesterday; readers read the parts from the day before yesterday on, a day later,
 *  by when `reconcile` (every 15 minutes, and at every start) has copied the counts of the day that
 *  left the window. */
const COPIED_BEFORE_DAYS_AGO = 1;
export const READ_DIRECT_DAYS = 3;

/** How often a write of an entry is tried again when another write of the same order got in first. */
const RACES_LOST_AT_MOST = 10;

/** An order's entry to write over the one `listed` (none: not listed yet); without `entry`, the
 *  listed one taken out (its order is gone). */
type EntryChange = { id: string; entry?: ListedOrder; listed?: ListedOrder };

const entryOf = (order: ListableOrder): ListedOrder => ({
  at: order.createdAt,
  status: order.status as OrderStatus,
  step: order.history.length,
  totalPaisa: order.totalPaisa,
  email: order.email.toLowerCase(),
  phone: order.phone ?? '',
});
const partOfOrder = (order: ListableOrder) => order.listedIn ?? lineFor(shopDay(order.createdAt), order._id.toString());

/** Counts of no order: what a line's first part starts with when a generation is opened before it
 *  lists any order of its own. */
const NO_COUNTS = { byStatus: {}, revenuePaisa: 0, version: 0 };

/** Records in the line's first part that its generations go up to `generation` at least, so that
 *  readers read that part. */
async function registerGeneration(line: string, generation: number): Promise<void> {
  await upsertOne(OrderDay, { _id: line }, { $max: { parts: generation }, $setOnInsert: NO_COUNTS });
}

/** Opens a generation of the line after every one opened so far, by any replica. */
async function openGeneration(line: string): Promise<number> {
  const first = await OrderDay.findById(line).select('parts').lean<Pick<OrderDayDocument, 'parts'>>();
  const generation = (first?.parts ?? 0) + 1;
  await registerGeneration(line, generation);
  return generation;
}

/**
 * Brings the order's entry in the admin's read model (model/order-days.ts) up to the order, and its
 * day's counts with it, in one conditional write of the day: a new entry only where there is none,
 * a newer one only over the older one it was read as (`step`). Writing an order that is listed as it
 * is changes nothing, so this may be repeated, raced by other replicas, and run again from the order
 * after a crash: every move is counted once. Orders still being placed are not listed.
 */
export async function listOrder(order: ListableOrder): Promise<void> {
  if (order.status === 'placing') return;
  const id = order._id.toString();
  const part = partOfOrder(order);
  const entry = entryOf(order);
  // Written right after the order's own write, its entry is the order one step before: tried
  // first without reading it.
  const before = order.history.at(-2);
  let listed: ListedOrder | undefined = before && { ...entry, status: before.status, step: entry.step - 1 };
  for (let race = 0; race < RACES_LOST_AT_MOST; race++) {
    if (listed && listed.step >= entry.step) return;
    if (await writeEntries(part, [{ id, entry, listed }])) {
      if (dayOf(part) < daysAgo(COPIED_BEFORE_DAYS_AGO)) await copyLineCounts(lineOf(part));
      return;
    }
    const text = (await OrderDay.findById(part).select(`orders.${id}`).lean<Pick<OrderDayDocument, 'orders'>>())?.orders?.[id];
    listed = text === undefined ? undefined : readEntry(text);
  }
  throw new Error(`order ${id} could not be listed: it kept changing`);
}

/** Writes each entry over the one it was `listed` as (or where there is none), moving the day's
 *  counts from the one to the other, all in one write; false, and nothing written, when any of them
 *  is not as `listed` (any more). */
async function writeEntries(part: string, changes: EntryChange[]): Promise<boolean> {
  const counts: Record<string, number> = { version: 1, revenuePaisa: 0 };
  const count = ({ status, totalPaisa }: ListedOrder, by: 1 | -1) => {
    counts[`byStatus.${status}`] = (counts[`byStatus.${status}`] ?? 0) + by;
    counts.revenuePaisa! += isRevenue(status) ? by * totalPaisa : 0;
  };
  const unchanged: Record<string, unknown> = {};
  const set: Record<string, string> = {};
  const unset: Record<string, 1> = {};
  for (const { id, entry, listed } of changes) {
    if (entry) count(entry, 1);
    if (listed) count(listed, -1);
    unchanged[`orders.${id}`] = listed ? entryText(listed) : { $exists: false };
    if (entry) set[`orders.${id}`] = entryText(entry);
    else unset[`orders.${id}`] = 1;
  }
  try {
    const written = await OrderDay.updateOne(
      { _id: part, ...unchanged },
      { $inc: counts, ...(Object.keys(set).length > 0 && { $set: set }), ...(Object.keys(unset).length > 0 && { $unset: unset }) },
      { upsert: changes.every((change) => !change.listed) },
    );
    return written.matchedCount + written.upsertedCount > 0;
  } catch (err) {
    if (isDuplicateKey(err)) return false; // listed meanwhile, in a part of the day begun meanwhile
    throw err;
  }
}

/** A counts copy is of a whole line of a day (`YYYY-MM-DD/<digit>`), its parts added up, so a day
 *  has 16 copies however many parts it was written in. Copies of single parts (`…/<n>`), which
 *  were kept before, are not read, and `reconcile` removes them. */
const isLine = (id: string) => id.split('/').length === 2;

/** The counts of a line's parts added up. The version is the sum of theirs, which grows with every
 *  write to any of them: a sum read after a write replaces any read before it. */
function lineCounts(line: string, parts: DayCounts[]): DayCounts {
  const total = (of: (part: DayCounts) => number | undefined) => parts.reduce((sum, part) => sum + (of(part) ?? 0), 0);
  return {
    _id: line,
    byStatus: Object.fromEntries(
      OrderStatus.options.map((status) => [status, total((part) => part.byStatus?.[status])]),
    ) as DayCounts['byStatus'],
    revenuePaisa: total((part) => part.revenuePaisa),
    version: total((part) => part.version),
  };
}

/** Copies a line's counts beside it, unless a copy of a later write is there already. */
async function copyCounts({ _id, byStatus, revenuePaisa, version }: DayCounts): Promise<void> {
  // matches nothing where a newer copy is there
  await upsertOne(OrderDayCounts, { _id, version: { $lt: version } }, { $set: { byStatus, revenuePaisa, version } });
}

async function copyLineCounts(line: string): Promise<void> {
  const parts = await readLineParts([line]);
  if (parts.length > 0) await copyCounts(lineCounts(line, parts));
}

/**
 * Takes away the parts among `partIds` that list no order (theirs were removed behind the service's
 * back, as a bench cleans up), which every read of their day would otherwise go on reading
 * (docs/decisions/admin-order-list.md). A line's first part stays: it names the generations. A
 * part's version goes to its line's first part first, so the line's version (the sum of its parts')
 * never goes back, which `copyCounts` relies on; the part goes only if nothing was written to it
 * since it was read, and a writer listing an order in it later begins it again.
 */
async function takeAwayEmptyParts(partIds: string[]): Promise<number> {
  let taken = 0;
  for (const part of await readParts(partIds)) {
    const counted = Object.values(part.byStatus ?? {}).some((orders) => orders !== 0) || (part.revenuePaisa ?? 0) !== 0;
    if (generationIn(part._id) === 0 || entriesOf(part).length > 0 || counted) continue;
    const kept = await OrderDay.updateOne({ _id: lineOf(part._id) }, { $inc: { version: part.version } });
    if (kept.matchedCount === 1) taken += (await OrderDay.deleteOne({ _id: part._id, version: part.version })).deletedCount;
  }
  return taken;
}

/**
 * Keeps the read model with the orders. `follow` is called after each write of an order and never
 * fails the write it follows: an entry it could not write is written again by `catchUp` (the sweep).
 * One that a process dying between the two writes never wrote is found by `reconcile`, which every
 * replica runs when it starts: it compares every order with its entry, lists those behind and takes
 * out the entries of orders that are gone (on a new database, or after the read model was dropped,
 * it builds it).
 */
export class OrderListings {
  private readonly due = new Set<string>();
  private stopping = false;
  /** per line of a day this replica lists new orders in: its generation, and how many it listed there */
  private readonly writing = new Map<string, Promise<{ generation: number; listed: number }>>();

  constructor(
    private readonly log: Logger,
    private readonly partSize: number,
  ) {}

  /** The part a new order, written at `at`, is to be listed in (its `listedIn`). */
  async partFor(at: Date, orderId: string): Promise<string> {
    const line = lineFor(shopDay(at), orderId);
    let writing = this.writing.get(line);
    if (!writing || (await writing).listed >= this.partSize) {
      for (const other of this.writing.keys()) if (dayOf(other) !== dayOf(line)) this.writing.delete(other);
      const opening = openGeneration(line).then((generation) => ({ generation, listed: 0 }));
      opening.catch(() => this.writing.get(line) === opening && this.writing.delete(line)); // the next order tries again
      this.writing.set(line, (writing = opening));
    }
    const part = await writing;
    part.listed++;
    return generationOf(line, part.generation);
  }

  async follow(order: ListableOrder): Promise<void> {
    try {
      await listOrder(order);
    } catch (err) {
      this.due.add(order._id.toString());
      this.log.warn({ err, orderId: order._id }, 'listing an order for the admin failed; the sweep lists it');
    }
  }

  /** Lists the orders `follow` could not. One that fails again stays due for the next sweep, and
   *  the others are listed meanwhile; the sweep's other work never waits on the admin's list. */
  async catchUp(): Promise<void> {
    for (const orderId of this.due) {
      try {
        const order = await Order.findById(orderId).select(LISTED_FIELDS).lean<ListableOrder>();
        if (order) await listOrder(order);
        this.due.delete(orderId);
      } catch (err) {
        this.log.warn({ err, orderId }, 'listing an order for the admin failed again; the next sweep tries again');
      }
    }
  }

  /** Brings the read model up to the orders (the class's description says when); `alsoSee` is shown
   *  every order read, for another check that needs every order (at start: the shoppers' lists). */
  async reconcile(alsoSee?: (order: ListableOrder & Pick<OrderDocument, 'userId'>) => void): Promise<void> {
    const listed = new Map<string, { part: string; entry: ListedOrder }>();
    const lines = new Map<string, DayCounts[]>();
    /** per part, how many of its entries stay (those of orders gone are taken out below) */
    const staying = new Map<string, number>();
    for await (const part of readGently(readModel(OrderDay).find().lean<OrderDayDocument>())) {
      const entries = entriesOf(part);
      staying.set(part._id, entries.length);
      for (const [orderId, entry] of entries) listed.set(orderId, { part: part._id, entry });
      const { _id, byStatus, revenuePaisa, version } = part;
      const line = lines.get(lineOf(_id)) ?? [];
      line.push({ _id, byStatus, revenuePaisa, version });
      lines.set(lineOf(_id), line);
    }
    for (const [line, parts] of lines) if (isLine(line)) await copyCounts(lineCounts(line, parts));
    const partCopies = (await OrderDayCounts.find().select('_id').lean<{ _id: string }[]>()).filter((copy) => !isLine(copy._id));
    await deleteByIds(
      OrderDayCounts,
      partCopies.map((copy) => copy._id),
    );
    const behind = new Map<string, (EntryChange & { order?: ListableOrder })[]>();
    const change = (part: string, one: EntryChange & { order?: ListableOrder }) => {
      if (!behind.has(part)) behind.set(part, []);
      behind.get(part)!.push(one);
    };
    for await (const order of readGently(
      readModel(Order)
        .find({ status: { $ne: 'placing' } })
        .select(`${LISTED_FIELDS} userId`)
        .lean<ListableOrder & Pick<OrderDocument, 'userId'>>(),
    )) {
      if (this.stopping) return;
      alsoSee?.(order);
      const id = order._id.toString();
      const known = listed.get(id);
      listed.delete(id);
      if (!known || known.entry.step < order.history.length)
        change(known?.part ?? partOfOrder(order), { id, entry: entryOf(order), listed: known?.entry, order });
    }
    // what is left was listed, and its order is gone (removed behind the service's back: a bench)
    for (const [id, { part, entry }] of listed) {
      change(part, { id, listed: entry });
      staying.set(part, staying.get(part)! - 1);
    }
    // a part of a day at a time (a new read model is built in a write per part); a part a live
    // write changed meanwhile, an order at a time (and the next start looks again for those gone)
    const written = new Set<string>();
    for (const [part, changes] of behind) {
      if (this.stopping) return;
      // a read model dropped is built again: its generations must be found by readers
      if (generationIn(part) > 0) await registerGeneration(lineOf(part), generationIn(part));
      if (await writeEntries(part, changes)) written.add(lineOf(part));
      else for (const { order } of changes) if (order) await listOrder(order);
    }
    // once a line, after all its parts: each copy reads every part of its line
    for (const line of written) await copyLineCounts(line);
    const count = [...behind.values()].reduce((sum, changes) => sum + changes.length, 0);
    if (count > 0) this.log.info({ changed: count }, 'the admin’s list brought up to the orders');
    const left = [...staying].filter(([part, entries]) => entries === 0 && generationIn(part) > 0).map(([part]) => part);
    const taken = this.stopping ? 0 : await takeAwayEmptyParts(left);
    if (taken > 0) this.log.info({ taken }, 'parts of the admin’s list whose orders are gone taken away');
  }

  stop(): void {
    this.stopping = true;
  }
}

/** Which entries a search finds: the order's id, part of its email (any case) or of its phone,
 *  however written (+880 1712-345678 finds 01712345678). */
export function searchFor(q: string) {
  const text = q.toLowerCase();
  const orderId = /^[0-9a-f]{24}$/.test(text) ? text : undefined;
  const digits = q.replace(/\D/g, '');
  const phone = digits.length >= 3 ? digits.replace(/^880/, '0') : undefined;
  return (id: string, entry: ListedOrder) =>
    id === orderId || entry.email.includes(text) || (phone !== undefined && entry.phone.includes(phone));
}

/** The ids of one page of the admin's list, newest first, and how many orders match. Without a
 *  search, the days' counts give the total and tell which days the page lies in, and only those
 *  days are read; a search reads every day in the range. */
export async function listedPage({ status, from, to, q, page, pageSize }: OrderListQuery): Promise<{ ids: string[]; total: number }> {
  const inRange = (day: string) => (!from || day >= from) && (!to || day <= to);
  let skip = (page - 1) * pageSize;
  if (q) {
    const found = searchFor(q);
    const matches = (await readModel(OrderDay).find().lean<OrderDayDocument[]>())
      .filter((part) => inRange(dayOf(part._id)))
      .flatMap(entriesOf)
      .filter(([id, entry]) => (!status || entry.status === status) && found(id, entry))
      .sort(newestFirst);
    return { ids: matches.slice(skip, skip + pageSize).map(([id]) => id), total: matches.length };
  }
  const { counts, recent } = await countsOfEveryPart();
  const days = new Map<string, DayCounts[]>();
  for (const counted of counts)
    if (inRange(dayOf(counted._id))) days.set(dayOf(counted._id), [...(days.get(dayOf(counted._id)) ?? []), counted]);
  const dayCount = (dayCounts: DayCounts[]) => dayCounts.reduce((sum, counted) => sum + countOf(counted, status), 0);
  const ids: string[] = [];
  for (const [, dayCounts] of [...days].sort(([a], [b]) => b.localeCompare(a))) {
    if (ids.length === pageSize) break;
    const count = dayCount(dayCounts);
    if (skip >= count) {
      skip -= count;
      continue;
    }
    // a day's counts are its parts (the last days) or its lines' copies (the days before)
    const recentParts = dayCounts.flatMap((counted) => recent.get(counted._id) ?? []);
    const olderParts = await readLineParts(dayCounts.filter((counted) => !recent.has(counted._id)).map((counted) => counted._id));
    const entries = [...recentParts, ...olderParts]
      .flatMap(entriesOf)
      .filter(([, entry]) => !status || entry.status === status)
      .sort(newestFirst);
    ids.push(...entries.slice(skip, skip + pageSize - ids.length).map(([id]) => id));
    skip = 0;
  }
  return { ids, total: [...days.values()].reduce((sum, dayCounts) => sum + dayCount(dayCounts), 0) };
}

/** The parts with these ids that exist, read together: asking by id, one part at a time, took a
 *  second for a day of 1,700 parts. */
const readParts = (ids: string[]) => readByIds<OrderDayDocument>(OrderDay, ids);

/** Every part of these lines: their first parts, then the generations those name. */
export async function readLineParts(lines: string[]): Promise<OrderDayDocument[]> {
  const firsts = await readParts(lines);
  const generations = firsts.flatMap((first) => Array.from({ length: first.parts ?? 0 }, (_, n) => generationOf(first._id, n + 1)));
  return [...firsts, ...(await readParts(generations))];
}

/** The counts of every part of every day: the copies, but the last days' read from their parts (which
 *  are answered too, for their entries). */
export async function countsOfEveryPart(): Promise<{ counts: DayCounts[]; recent: Map<string, OrderDayDocument> }> {
  const readFrom = daysAgo(READ_DIRECT_DAYS - 1);
  const lines = Array.from({ length: READ_DIRECT_DAYS }, (_, ago) => daysAgo(ago)).flatMap((day) =>
    HEX_DIGITS.map((digit) => `${day}/${digit}`),
  );
  const [copies, parts] = await Promise.all([readModel(OrderDayCounts).find().lean<DayCounts[]>(), readLineParts(lines)]);
  const recent = new Map(parts.map((part) => [part._id, part]));
  return { counts: [...copies.filter((copy) => isLine(copy._id) && dayOf(copy._id) < readFrom), ...recent.values()], recent };
}

/** Today's orders and revenue, and every order's status, from the days' counts. */
export async function orderSummary(): Promise<OrderSummary> {
  const today = shopDay(new Date());
  const days = (await countsOfEveryPart()).counts;
  const byStatus = Object.fromEntries(
    OrderStatus.options.map((status) => [status, days.reduce((sum, day) => sum + (day.byStatus[status] ?? 0), 0)]),
  ) as OrderSummary['byStatus'];
  const todays = days.filter((counted) => dayOf(counted._id) === today);
  return {
    today,
    todayOrders: todays.reduce((sum, counted) => sum + countOf(counted), 0),
    todayRevenue: paisaToTaka(todays.reduce((sum, counted) => sum + counted.revenuePaisa, 0)),
    byStatus,
  };
}
