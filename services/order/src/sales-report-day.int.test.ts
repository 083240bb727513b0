// The sales report's 30 days move when a new day begins in Bangladesh (issue 54, item 8): the
// service's own SalesReports on a database of its own, on a clock the test sets to a few seconds
// before midnight in Dhaka and then a few seconds after, with orders written as the service keeps
// them. At the second moment the first day has left with its orders, an order of the new day is
// counted, a day no longer one of the last three has its best sellers from a kept snapshot, and the
// report is the one a report made afresh (reading the days whole) gives.
import { randomUUID } from 'node:crypto';
import { SalesReport } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { shopDay, shopDayStart } from './admin-order-list';
import { Order } from './model/order';
import { reportDays, SalesReports } from './sales-report';

const DB = 'order_report_day_test';
const log = createLogger('sales-report-day-test', 'silent');

beforeAll(async () => {
  await connectMongo(stackEnv.mongoUrl, DB, log);
  await mongoose.connection.dropDatabase();
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

/** A confirmed order of `units` of `productId` at 100 taka, made at `createdAt`, written now. */
async function written(productId: string, units: number, createdAt: Date): Promise<void> {
  const subtotalPaisa = units * 10_000;
  await Order.collection.insertOne({
    _id: new mongoose.Types.ObjectId(),
    userId: `day-roll-${randomUUID()}`,
    email: 'day-roll@bazar.test',
    name: 'Day Roll',
    items: [{ productId, name: productId, img: '', unitPricePaisa: 10_000, quantity: units }],
    subtotalPaisa,
    vatPaisa: 0,
    deliveryPaisa: 0,
    totalPaisa: subtotalPaisa,
    status: 'confirmed',
    reservationId: randomUUID(),
    history: [{ status: 'confirmed', at: createdAt, by: 'shopper' }],
    createdAt,
    updatedAt: new Date(),
  } as never);
}

const sellers = (report: SalesReport) => report.bestSellers.map(({ productId, units }) => [productId, units]);

it('moves its 30 days at midnight in Dhaka: the first day leaves with its orders, the new day’s are counted', async () => {
  // today's midnight in Dhaka, passed already; the clock set to just before it
  const midnight = shopDayStart(shopDay(new Date())).getTime();
  let now = midnight - 5_000;
  const reports = new SalesReports(log, 0, { now: () => now });
  const before = reportDays(now).days;
  const at = (day: string) => new Date(shopDayStart(day).getTime() + 10 * 3_600_000);
  // the first day's order; one of three days before midnight (one of the last three until then);
  // one in the middle
  await written('roll-leaving', 5, at(before[0]!));
  await written('roll-older', 3, at(before[27]!));
  await written('roll-middle', 2, at(before[15]!));

  const first = await reports.report();
  expect([first.from, first.to]).toEqual([before[0], before[29]]);
  expect(first.days[0]).toEqual({ day: before[0], orders: 1, revenue: 500 });
  expect(sellers(first)).toEqual([
    ['roll-leaving', 5],
    ['roll-older', 3],
    ['roll-middle', 2],
  ]);
  expect(await mongoose.connection.collection('product_sales_days').countDocuments({ _id: before[27] as never })).toBe(0);

  // the new day's first order, and the clock past midnight
  await written('roll-new', 1, new Date(midnight + 1_000));
  now = midnight + 5_000;
  const today = shopDay(new Date(midnight));
  const second = await reports.report();
  expect([second.from, second.to]).toEqual([before[1], today]);
  expect(second.days.map(({ day }) => day)).toEqual([...before.slice(1), today]);
  expect(second.days.at(-1)).toEqual({ day: today, orders: 1, revenue: 100 });
  expect(second.days.filter(({ orders }) => orders > 0).map(({ day }) => day)).toEqual([before[15], before[27], today]);
  expect(sellers(second)).toEqual([
    ['roll-older', 3],
    ['roll-middle', 2],
    ['roll-new', 1],
  ]);
  // three days old now: its best sellers made as a snapshot of the day
  expect(await mongoose.connection.collection('product_sales_days').countDocuments({ _id: before[27] as never })).toBe(1);

  // a report made afresh at that moment reads the days whole, and answers the same
  expect(await new SalesReports(log, 0, { now: () => now }).report()).toEqual(second);
});
