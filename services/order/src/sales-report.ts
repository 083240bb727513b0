import { createHash } from 'node:crypto';
import { BEST_SELLERS, SALES_REPORT_DAYS, paisaToTaka, type BestSeller, type SalesReport } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { readByIds, readModel, upsertOne } from '@bazar/service-kit/mongo';
import { isRevenue, shopDay, shopDayStart } from './admin-order-list';
import { Order, type OrderDocument } from './model/order';
import { ProductSalesDay, type ProductSalesDayDocument } from './model/product-sales-days';

type Item = Pick<OrderDocument['items'][number], 'productId' | 'name' | 'name_bn' | 'unitPricePaisa' | 'quantity'>;
type Sold = { units: number; revenuePaisa: number; name: string; name_bn?: string };
type SoldByProduct = Map<string, Sold>;

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => shopDay(new Date(Date.now() - days * DAY_MS));
/** The last days, whose orders are still moving: their lines are kept in the process rather than
 *  as a snapshot. */
const RECENT_DAYS = 3;

/** What the report reads of each order of its days: two numbers and a status, read alone. */
type Counted = Pick<OrderDocument, '_id' | 'createdAt' | 'status' | 'totalPaisa'>;
/** A day's orders, revenue, and the ids of its orders not cancelled (those that sold). */
type Day = { orders: number; revenuePaisa: number; sold: string[] };

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
 *   their time, status and total are read (a projection, through the `{ createdAt, _id }` index).
 * - Best sellers need the orders' lines. A day before the last three is kept as a snapshot of what
 *   each product sold (model/product-sales-days.ts), made from its orders the first time it is asked
 *   for and again only when the orders that sold that day are others (an older order cancelled).
 *   For the last three days, where most orders are placed and moved, each order's lines are read
 *   once and kept in the process (an order's lines never change once placed). Reading those lines is
 *   most of what a first report after a start costs, so a replica makes one as it starts (`warmUp`),
 *   before any admin asks.
 * No write is added to placing or moving an order.
 */
export class SalesReports {
  /** the lines of the last days' orders, by order id */
  private readonly itemsOf = new Map<string, Item[]>();
  /** the report last made (or being made), and when it was asked for */
  private latest?: { begun: number; report: Promise<SalesReport> };
  /** the making under way, or the last one: makings run one after another */
  private previous: Promise<unknown> = Promise.resolve();
  /** whether the report at start is made, or no longer waited for: the replica is ready then */
  private warm = false;
  private stopping = false;

  /**
   * A report is answered as made for `freshMs` (and requests at once share one making of it): its
   * figures are at most that old, and however many admins keep the Orders page open, the database is
   * asked at most once in that time.
   */
  constructor(
    private readonly log: Logger,
    private readonly freshMs: number,
  ) {}

  /**
   * Makes a report as soon as the replica starts, before any admin asks: what a first report costs
   * is reading the lines of every order of the last days (kept in the process, so gone with it) and,
   * on orders never reported, keeping the older days' snapshots. The replica says it is ready once
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
      this.log.info({ recentOrders: this.itemsOf.size }, 'the sales report made at start');
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
    const now = Date.now();
    if (this.latest && now - this.latest.begun < this.freshMs) return this.latest.report;
    // One making at a time: one asked for while another reads the last days' lines (at start, say)
    // waits for it and then finds those lines kept, rather than reading them all again; and the lines
    // forgotten by one making are never those another is about to count.
    const making = this.previous.then(() => this.make());
    this.previous = making.catch(() => undefined);
    const latest = { begun: now, report: making };
    this.latest = latest;
    // a failure is not kept: the next request makes it again
    making.catch(() => this.latest === latest && (this.latest = undefined));
    return making;
  }

  private async make(): Promise<SalesReport> {
    const days = Array.from({ length: SALES_REPORT_DAYS }, (_, i) => daysAgo(SALES_REPORT_DAYS - 1 - i));
    const readFrom = daysAgo(RECENT_DAYS - 1);
    const older = days.filter((day) => day < readFrom);
    const recent = days.filter((day) => day >= readFrom);
    const [orders, snapshots] = await Promise.all([
      readModel(Order)
        .find({ status: { $ne: 'placing' }, createdAt: { $gte: shopDayStart(days[0]!) } })
        .select({ createdAt: 1, status: 1, totalPaisa: 1 })
        .lean<Counted[]>(),
      readByIds<ProductSalesDayDocument>(ProductSalesDay, older),
    ]);
    const counted = new Map<string, Day>();
    for (const order of orders) {
      const day = counted.get(shopDay(order.createdAt)) ?? { orders: 0, revenuePaisa: 0, sold: [] };
      day.orders += 1;
      if (isRevenue(order.status)) {
        day.revenuePaisa += order.totalPaisa;
        day.sold.push(order._id.toString());
      }
      counted.set(shopDay(order.createdAt), day);
    }

    const kept = new Map(snapshots.map((snapshot) => [snapshot._id, snapshot]));
    const sold: SoldByProduct = new Map();
    // one day after another: a day without a snapshot reads the lines of every order sold that day
    for (const day of older) {
      const soldIds = counted.get(day)?.sold ?? [];
      if (soldIds.length === 0) continue;
      const snapshot = kept.get(day);
      const soldKey = soldKeyOf(soldIds);
      addAll(sold, snapshot?.soldKey === soldKey ? snapshotOf(snapshot) : await this.snapshot(day, soldIds, soldKey));
    }
    for (const items of await this.recentItems(recent.flatMap((day) => counted.get(day)?.sold ?? []))) addSold(sold, items);

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
        orders: counted.get(day)?.orders ?? 0,
        revenue: paisaToTaka(counted.get(day)?.revenuePaisa ?? 0),
      })),
      bestSellers,
    };
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
