// The sales report's kept counts (sales-report.ts `CountedDays`): orders applied one change after
// another, in any order, repeated, and days leaving the report count what the orders as they end up
// count when read whole; and the report's days (`reportDays`), which a new day in Bangladesh moves.
import mongoose from 'mongoose';
import { shopDay, shopDayStart } from './admin-order-list';
import { CountedDays, reportDays } from './sales-report';
import type { StoredStatus } from './model/order';

const DAY_MS = 24 * 3_600_000;
const STATUSES: StoredStatus[] = ['placing', 'placed', 'confirmed', 'packed', 'delivered', 'cancelled'];
/** a random generator of its own (mulberry32), so that a failure is seen again */
function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

const figures = (counted: CountedDays, days: string[]) =>
  days.map((day) => [day, counted.orders(day), counted.revenuePaisa(day), counted.soldIds(day).sort(), counted.soldKey(day)]);

it.each([1, 2, 3, 4, 5])('counts what a whole read of the orders as they end up counts (seed %i)', (seed) => {
  const random = seeded(seed);
  const now = Date.now();
  const days = Array.from({ length: 36 }, (_, i) => shopDay(new Date(now - (35 - i) * DAY_MS)));
  const ids = Array.from({ length: 120 }, () => new mongoose.Types.ObjectId());
  const version = (_id: mongoose.Types.ObjectId) => ({
    _id,
    createdAt: new Date(shopDayStart(days[random(days.length)]!).getTime() + random(DAY_MS)),
    status: STATUSES[random(STATUSES.length)]!,
    totalPaisa: 1 + random(100_000),
  });
  const counted = new CountedDays(days[0]!);
  const last = new Map<string, ReturnType<typeof version>>();
  // each order written several times (a later version may be read before an earlier one is read again)
  for (let i = 0; i < 600; i++) {
    const order = version(ids[random(ids.length)]!);
    const seen = last.get(order._id.toString()) ?? order;
    // what a read may find: the same order again, unchanged, or as now written
    const read = random(3) === 0 ? seen : { ...order, createdAt: seen.createdAt };
    counted.apply(read);
    last.set(order._id.toString(), read);
    // asked for midway: made again once the day's orders change
    if (i === 300) for (const day of days) counted.soldKey(day);
  }
  const whole = new CountedDays(days[0]!);
  for (const order of last.values()) whole.apply(order);
  expect(figures(counted, days)).toEqual(figures(whole, days));

  // days leave the report: their orders with them
  counted.beginAt(days[6]!);
  const later = new CountedDays(days[6]!);
  for (const order of last.values()) later.apply(order);
  expect(counted.size).toBe(later.size);
  expect(figures(counted, days)).toEqual(figures(later, days));
  expect(counted.orders(days[5]!)).toBe(0);
});

it('moves the report’s 30 days at midnight in Bangladesh, not in UTC', () => {
  // 23:59:59.999 on 14 March in Dhaka is 17:59:59.999 UTC
  const before = reportDays(Date.parse('2026-03-14T17:59:59.999Z'));
  const after = reportDays(Date.parse('2026-03-14T18:00:00.000Z'));
  expect([before.days[0], before.days.at(-1), before.recentFrom]).toEqual(['2026-02-13', '2026-03-14', '2026-03-12']);
  expect(after.days).toEqual([...before.days.slice(1), '2026-03-15']);
  expect(after.recentFrom).toBe('2026-03-13');
  // thirty days one after another, across February's end
  expect(after.days).toHaveLength(30);
  for (const [n, day] of after.days.entries())
    expect(day).toBe(new Date(Date.parse('2026-02-14T00:00:00Z') + n * DAY_MS).toISOString().slice(0, 10));
  // UTC's midnight, six hours later, moves nothing
  expect(reportDays(Date.parse('2026-03-14T23:59:59.999Z'))).toEqual(after);
  expect(reportDays(Date.parse('2026-03-15T00:00:00.000Z'))).toEqual(after);

  // what is counted follows: the day leaving takes its orders, the new day's are counted
  const at = (day: string, hour: number) => new Date(shopDayStart(day).getTime() + hour * 3_600_000);
  const orders = [
    { _id: new mongoose.Types.ObjectId(), createdAt: at(before.days[0]!, 10), status: 'delivered' as const, totalPaisa: 500 },
    { _id: new mongoose.Types.ObjectId(), createdAt: at(before.days[15]!, 10), status: 'confirmed' as const, totalPaisa: 700 },
    { _id: new mongoose.Types.ObjectId(), createdAt: at('2026-03-15', 0), status: 'placed' as const, totalPaisa: 900 },
  ];
  const counted = new CountedDays(before.days[0]!);
  for (const order of orders) counted.apply(order);
  expect(before.days.map((day) => counted.orders(day)).reduce((sum, n) => sum + n)).toBe(2);
  counted.beginAt(after.days[0]!);
  expect(counted.orders(before.days[0]!)).toBe(0);
  expect(after.days.map((day) => [counted.orders(day), counted.revenuePaisa(day)]).filter(([n]) => n! > 0)).toEqual([
    [1, 700],
    [1, 900],
  ]);
  expect(counted.size).toBe(2);
});
