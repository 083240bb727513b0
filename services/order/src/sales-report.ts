import { createHash } from 'node:crypto';
import { BEST_SELLERS, SALES_REPORT_DAYS, paisaToTaka, type BestSeller, type SalesReport } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { readByIds, readGently, readModel, upsertOne } from '@bazar/service-kit/mongo';
import { isRevenue, shopDay, shopDayStart } from './admin-order-list';
import { Order, type OrderDocument } from './model/order';
import { ProductSalesDay, type ProductSalesDayDocument } from './model/product-sales-days';

type Item = Pick<OrderDocument['items'][number], 'productId' | 'name' | 'name_bn' | 'unitPricePaisa' | 'quantity'>;
type Sold = { units: number; revenuePaisa: number; name: string; name_bn?: string };
type SoldByProduct = Map<string, Sold>;

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number, now: number) => shopDay(new Date(now - days * DAY_MS));
/** The last days, whose orders are still moving: their lines are kept in the process rather than
 *  as a snapshot. */
const RECENT_DAYS = 3;

/** The report's days at `now` (ms), earliest first: the last SALES_REPORT_DAYS days in Bangladesh,
 *  today the last; `recentFrom` the first of the last RECENT_DAYS. A new day begins at midnight in
 *  Dhaka, and the first day leaves then. */
export function reportDays(now: number): { days: string[]; recentFrom: string } {
  const days = Array.from({ length: SALES_REPORT_DAYS }, (_, i) => daysAgo(SALES_REPORT_DAYS - 1 - i, now));
  return { days, recentFrom: daysAgo(RECENT_DAYS - 1, now) };
}

/** What the report reads of each order of its days: two numbers and a status, read alone. */
type Counted = Pick<OrderDocument, '_id' | 'createdAt' | 'status' | 'totalPaisa'>;
const COUNTED_FIELDS = { createdAt: 1, status: 1, totalPaisa: 1 };
/** What an order adds to its day: kept for each order of the days, so that a changed order's part
 *  is taken out before its new one goes in. */
type Part = { day: string; sold: boolean; totalPaisa: number };
/** A day's orders, revenue, and the ids of its orders not cancelled (those that sold); `soldKey`
 *  once asked for, until they change. */
type Day = { orders: number; revenuePaisa: number; sold: Set<string>; soldKey?: string };

/**
 * How far before the last read of changed orders the next one reads again. `updatedAt` is stamped by
 * the writing process's clock (mongoose's timestamps) before its write is sent, so a write may land
 * after a read begun later than its stamp (a busy database, a paused replica), and another replica's
 * clock may be behind this one's: a read from the last one's start would miss both. Reading the last
 * minute again costs the orders written in it, read twice.
 */
const CHANGED_MARGIN_MS = 60_000;
/**
 * How often the days' orders are read whole again (an hour unless the service is configured
 * otherwise, SALES_REPORT_WHOLE_READ_MS), in the background and gently (`readGently`), the reports
 * meanwhile made from what is kept. Reading the orders changed finds every write made through the
 * model (its timestamps set `updatedAt`), but not an order removed, which the service itself never
 * does once an order is placed (only attempts still `placing`, never counted): one removed behind its
 * back (a bench's, a test's, a hand's in the database) or written without `updatedAt` counts until
 * the next whole read.
 */
const WHOLE_READ_EVERY_MS = 60 * 60_000;

/** The orders of the report's days as it counts them: each order's part, and each day's sums (exported for
 *  its test, sales-report.test.ts). */
export class CountedDays {
  private readonly parts = new Map<string, Part>();
  private readonly days = new Map<string, Day>();

  /** `from`: the first day counted; orders of days before it are left out. */
  constructor(private from: string) {}

  get size(): number {
    return this.parts.size;
  }

  /** `order` as it is now, in place of what it was (an order still placing counts nothing). */
  apply(order: Counted): void {
    const id = order._id.toString();
    const day = shopDay(order.createdAt);
    const part =
      order.status === 'placing' || day < this.from ? undefined : { day, sold: isRevenue(order.status), totalPaisa: order.totalPaisa };
    const before = this.parts.get(id);
    if (before && part && before.day === part.day && before.sold === part.sold && before.totalPaisa === part.totalPaisa) return;
    if (before) this.add(id, before, -1);
    if (part) this.add(id, part, 1);
  }

  private add(id: string, part: Part, sign: 1 | -1): void {
    const day = this.days.get(part.day) ?? { orders: 0, revenuePaisa: 0, sold: new Set<string>() };
    day.orders += sign;
    if (part.sold) {
      day.revenuePaisa += sign * part.totalPaisa;
      if (sign > 0) day.sold.add(id);
      else day.sold.delete(id);
      day.soldKey = undefined;
    }
    this.days.set(part.day, day);
    if (sign > 0) this.parts.set(id, part);
    else this.parts.delete(id);
  }

  /** The report's days now begin at `from`: the days before it leave, with their orders. */
  beginAt(from: string): void {
    if (from <= this.from) return;
    this.from = from;
    for (const [id, part] of this.parts) if (part.day < from) this.parts.delete(id);
    for (const day of this.days.keys()) if (day < from) this.days.delete(day);
  }

  orders = (day: string) => this.days.get(day)?.orders ?? 0;
  revenuePaisa = (day: string) => this.days.get(day)?.revenuePaisa ?? 0;
  soldIds = (day: string): string[] => [...(this.days.get(day)?.sold ?? [])];
  soldCount = (day: string) => this.days.get(day)?.sold.size ?? 0;

  /** Which orders sold on `day`, as a hash (`soldKeyOf`), made again only once they change. */
  soldKey(day: string): string {
    const figures = this.days.get(day);
    if (!figures) return soldKeyOf([]);
    return (figures.soldKey ??= soldKeyOf([...figures.sold]));
  }
}

/** What `items` sold, added into `sold`; a product's name is the one of the order read last. */
function addSold(sold: SoldByProduct, items: readonly Item[]): void {
  for (const { productId, name, name_bn, unitPricePaisa, quantity } of items) {
    const before = sold.get(productId);
    sold.set(productId, {
      units: (before?.units ?? 0) + quantity,
      revenuePaisa: (before?.revenuePaisa ?? 0) + unitPricePaisa * quantity,
      name,
      ...(name_bn && { name_bn }),
    });
  }
}

function addAll(into: SoldByProduct, from: SoldByProduct): void {
  for (const [productId, { units, revenuePaisa, name, name_bn }] of from) {
    const before = into.get(productId);
    into.set(productId, {
      units: (before?.units ?? 0) + units,
      revenuePaisa: (before?.revenuePaisa ?? 0) + revenuePaisa,
      name: before?.name ?? name,
      ...((before?.name_bn ?? name_bn) && { name_bn: before?.name_bn ?? name_bn }),
    });
  }
}

function snapshotOf(snapshot: ProductSalesDayDocument): SoldByProduct {
  const sold: SoldByProduct = new Map();
  for (const [productId, text] of Object.entries(snapshot.sold ?? {})) {
    const [units, revenuePaisa] = text.split(' ').map(Number);
    const [name = '', name_bn] = (snapshot.names?.[productId] ?? '').split('\t');
    sold.set(productId, { units: units ?? 0, revenuePaisa: revenuePaisa ?? 0, name, ...(name_bn && { name_bn }) });
  }
  return sold;
}

/** The items of these orders, by order id (those gone left out). */
async function itemsOfOrders(ids: string[]): Promise<Map<string, Item[]>> {
  const orders = await readByIds<Pick<OrderDocument, '_id' | 'items'>>(Order, ids, { fields: 'items' });
  return new Map(orders.map((order) => [order._id.toString(), order.items]));
}

/** Which orders sold on a day: a snapshot made from other orders is made again. */
const soldKeyOf = (sold: string[]) =>
  createHash('sha1')
    .update([...sold].sort().join(' '))
    .digest('hex');

/**
 * The Orders page's chart and best sellers (issue 54, item 8), from the orders:
 * - Orders and revenue a day: the orders of the 30 days (not those being placed), of which only
 *   their time, status and total are read (a projection). They are read whole once, by the report a
 *   replica makes as it starts, and kept counted in the process (`CountedDays`: each order's day,
 *   total and whether it sold); each later making reads only the orders written since the last read
 *   (`updatedAt`, through its index; `CHANGED_MARGIN_MS`), each in place of what it was, and the
 *   whole days again once an hour, in the background (`WHOLE_READ_EVERY_MS`).
 * - Best sellers need the orders' lines. A day before the last three is kept as a snapshot of what
 *   each product sold (model/product-sales-days.ts), made from its orders the first time it is asked
 *   for and again only when the orders that sold that day are others (an older order cancelled),
 *   which the kept counts say; the snapshot is kept in the process too, while its orders stay.
 *   For the last three days, where most orders are placed and moved, each order's lines are read
 *   once and kept in the process (an order's lines never change once placed). Reading the days'
 *   orders and those lines is most of what a first report after a start costs, so a replica makes
 *   one as it starts (`warmUp`), before any admin asks.
 * No write is added to placing or moving an order.
 */
export class SalesReports {
  /** the lines of the last days' orders, by order id */
  private readonly itemsOf = new Map<string, Item[]>();
  /** the days' orders counted, once read whole */
  private counted?: CountedDays;
  /** when (this replica's clock) the last read of the orders, whole or changed, began */
  private readAt = 0;
  /** when the last whole read began, and the one under way in the background, once it is done */
  private wholeReadAt = 0;
  private wholeRead?: { begun: number; counted?: CountedDays };
  /** the older days' best sellers as last made or read, with the orders they were made of */
  private readonly olderSold = new Map<string, { soldKey: string; sold: SoldByProduct }>();
  /** the report last made (or being made), and when it was asked for */
  private latest?: { begun: number; report: Promise<SalesReport> };
  /** the making under way, or the last one: makings run one after another */
  private previous: Promise<unknown> = Promise.resolve();
  /** whether the report at start is made, or no longer waited for: the replica is ready then */
  private warm = false;
  private stopping = false;

  private readonly wholeReadEveryMs: number;
  /** the time (ms) by which the report's days are told and its reads timed: the clock, but for tests */
  private readonly now: () => number;

  /**
   * A report is answered as made for `freshMs` (and requests at once share one making of it): its
   * figures are at most that old, and however many admins keep the Orders page open, the database is
   * asked at most once in that time.
   */
  constructor(
    private readonly log: Logger,
    private readonly freshMs: number,
    { wholeReadEveryMs = WHOLE_READ_EVERY_MS, now = Date.now }: { wholeReadEveryMs?: number; now?: () => number } = {},
  ) {
    this.wholeReadEveryMs = wholeReadEveryMs;
    this.now = now;
  }

  /**
   * Makes a report as soon as the replica starts, before any admin asks: what a first report costs
   * is reading the 30 days' orders whole and the lines of every order of the last days (both kept in
   * the process, so gone with it) and, on orders never reported, keeping the older days' snapshots. The replica says it is ready once
   * this is done (`warmedUp`), or after `waitAtMostMs` however far it got, so a start or a release
   * hands the admins a replica with the report made. An admin who asks meanwhile waits for this
   * making rather than beginning another; the shoppers' requests never wait for it. Nothing is kept
   * but whole snapshots, so a replica killed meanwhile leaves nothing half made, and the next start
   * makes it again.
   */
  async warmUp(waitAtMostMs: number): Promise<void> {
    const givenUp = setTimeout(() => (this.warm = true), waitAtMostMs);
    givenUp.unref();
    try {
      await this.report();
      this.log.info({ orders: this.counted?.size, recentOrders: this.itemsOf.size }, 'the sales report made at start');
    } catch (err) {
      // the first admin's request makes it again
      if (!this.stopping) this.log.warn({ err }, 'making the sales report at start failed');
    } finally {
      clearTimeout(givenUp);
      this.warm = true;
    }
  }

  /** The report at start is made, failed or no longer waited for. */
  warmedUp(): boolean {
    return this.warm;
  }

  /** The replica is stopping: a making cut short by it is not a failure to report. */
  stop(): void {
    this.stopping = true;
  }

  report(): Promise<SalesReport> {
    const now = this.now();
    if (this.latest && now - this.latest.begun < this.freshMs) return this.latest.report;
    // One making at a time: one asked for while another reads the days' orders and the last days'
    // lines (at start, say) waits for it and then finds them kept, rather than reading them all
    // again; the kept counts are changed by one making at a time; and the lines forgotten by one
    // making are never those another is about to count.
    const making = this.previous.then(() => this.make());
    this.previous = making.catch(() => undefined);
    const latest = { begun: now, report: making };
    this.latest = latest;
    // a failure is not kept: the next request makes it again
    making.catch(() => this.latest === latest && (this.latest = undefined));
    return making;
  }

  private async make(): Promise<SalesReport> {
    const { days, recentFrom: readFrom } = reportDays(this.now());
    const older = days.filter((day) => day < readFrom);
    const recent = days.filter((day) => day >= readFrom);
    const counted = await this.countedOrders(days[0]!);

    const sold: SoldByProduct = new Map();
    // the snapshots read are only those of days whose sold orders differ from the ones kept here
    const unknown = older.filter((day) => counted.soldCount(day) > 0 && this.olderSold.get(day)?.soldKey !== counted.soldKey(day));
    const snapshots = new Map(
      (unknown.length > 0 ? await readByIds<ProductSalesDayDocument>(ProductSalesDay, unknown) : []).map((snapshot) => [
        snapshot._id,
        snapshot,
      ]),
    );
    for (const day of this.olderSold.keys()) if (!older.includes(day)) this.olderSold.delete(day);
    // one day after another: a day without a snapshot reads the lines of every order sold that day
    for (const day of older) {
      if (counted.soldCount(day) === 0) continue;
      const soldKey = counted.soldKey(day);
      let kept = this.olderSold.get(day);
      if (kept?.soldKey !== soldKey) {
        const snapshot = snapshots.get(day);
        kept = {
          soldKey,
          sold: snapshot?.soldKey === soldKey ? snapshotOf(snapshot) : await this.snapshot(day, counted.soldIds(day), soldKey),
        };
        this.olderSold.set(day, kept);
      }
      addAll(sold, kept.sold);
    }
    for (const items of await this.recentItems(recent.flatMap((day) => counted.soldIds(day)))) addSold(sold, items);

    const bestSellers = [...sold]
      .sort(([idA, a], [idB, b]) => b.units - a.units || b.revenuePaisa - a.revenuePaisa || idA.localeCompare(idB))
      .slice(0, BEST_SELLERS)
      .map(([productId, { units, revenuePaisa, name, name_bn }]): BestSeller => ({
        productId,
        name,
        ...(name_bn && { name_bn }),
        units,
        revenue: paisaToTaka(revenuePaisa),
      }));
    return {
      from: days[0]!,
      to: days.at(-1)!,
      days: days.map((day) => ({
        day,
        orders: counted.orders(day),
        revenue: paisaToTaka(counted.revenuePaisa(day)),
      })),
      bestSellers,
    };
  }

  /**
   * The orders of the days from `from` on, counted: read whole by the first making (and after a
   * failed one), then only those written since the last read, each in place of what it was. A
   * whole read done in the background since takes the place of the kept counts, and the orders
   * written since it began are read as changed.
   */
  private async countedOrders(from: string): Promise<CountedDays> {
    const begun = this.now();
    if (this.wholeRead?.counted) {
      this.counted = this.wholeRead.counted;
      this.readAt = this.wholeReadAt = this.wholeRead.begun;
      this.wholeRead = undefined;
    }
    if (!this.counted) {
      const counted = new CountedDays(from);
      for (const order of await this.daysOrders(from).lean<Counted[]>()) counted.apply(order);
      this.log.debug({ ordersRead: counted.size, whole: true }, 'sales report’s orders read');
      [this.counted, this.readAt, this.wholeReadAt] = [counted, begun, begun];
      return counted;
    }
    const counted = this.counted;
    counted.beginAt(from);
    if (!this.wholeRead && begun - this.wholeReadAt >= this.wholeReadEveryMs) this.readWholeGently(from);
    // by `updatedAt` alone, so that its index is the one to read (an order of an earlier day, or
    // still placing, counts nothing)
    const changed = await readModel(Order)
      .find({ updatedAt: { $gte: new Date(this.readAt - CHANGED_MARGIN_MS) } })
      .select(COUNTED_FIELDS)
      .lean<Counted[]>();
    for (const order of changed) counted.apply(order);
    this.readAt = begun;
    this.log.debug({ ordersRead: changed.length, whole: false }, 'sales report’s orders read');
    return counted;
  }

  /** The orders of the days from `from` on, as the report reads them. */
  private daysOrders(from: string) {
    return readModel(Order)
      .find({ status: { $ne: 'placing' }, createdAt: { $gte: shopDayStart(from) } })
      .select(COUNTED_FIELDS);
  }

  /** Reads the days' orders whole in the background, at most a fifth of the database's time; the
   *  next making after it has done takes its counts. */
  private readWholeGently(from: string): void {
    const wholeRead: { begun: number; counted?: CountedDays } = { begun: this.now() };
    this.wholeRead = wholeRead;
    void (async () => {
      const counted = new CountedDays(from);
      for await (const order of readGently(this.daysOrders(from).lean<Counted>())) {
        if (this.stopping) return;
        counted.apply(order);
      }
      wholeRead.counted = counted;
    })().catch((err: unknown) => {
      // tried again an hour on; the changed orders are read meanwhile as before
      this.log.warn({ err }, 'reading the sales report’s orders whole again failed');
      if (this.wholeRead === wholeRead) [this.wholeRead, this.wholeReadAt] = [undefined, wholeRead.begun];
    });
  }

  /** The lines of these orders of the last days: those not read before are read now, and orders no
   *  longer among them are forgotten. */
  private async recentItems(ids: string[]): Promise<Item[][]> {
    const missing = ids.filter((id) => !this.itemsOf.has(id));
    if (missing.length > 0) for (const [id, items] of await itemsOfOrders(missing)) this.itemsOf.set(id, items);
    const wanted = new Set(ids);
    for (const id of this.itemsOf.keys()) if (!wanted.has(id)) this.itemsOf.delete(id);
    return ids.flatMap((id) => {
      const items = this.itemsOf.get(id);
      return items ? [items] : [];
    });
  }

  /** What each product sold on `day` (its orders `soldIds`), kept for the next reports. */
  private async snapshot(day: string, soldIds: string[], soldKey: string): Promise<SoldByProduct> {
    const sold: SoldByProduct = new Map();
    for (const items of (await itemsOfOrders(soldIds)).values()) addSold(sold, items);
    const soldText = Object.fromEntries([...sold].map(([id, { units, revenuePaisa }]) => [id, `${units} ${revenuePaisa}`]));
    const names = Object.fromEntries([...sold].map(([id, { name, name_bn }]) => [id, name_bn ? `${name}\t${name_bn}` : name]));
    try {
      // a replica writing the day's snapshot of other orders meanwhile is corrected by the next report
      await upsertOne(ProductSalesDay, { _id: day }, { $set: { sold: soldText, names, soldKey }, $unset: { version: 1 } });
    } catch (err) {
      this.log.warn({ err, day }, 'keeping a day’s best sellers failed; the next report makes them again');
    }
    return sold;
  }
}
