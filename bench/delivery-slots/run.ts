// What choosing a delivery slot adds to placing an order (issue 54: at most 10% on POST /orderplace
// p95 at 20 orders a second). Fresh shoppers, each with one product in the cart, place orders at the
// order service at a fixed rate, every other one with a slot (so both kinds meet the same moment's
// load), after a warm-up that is not counted; the p50 and p95 of each kind are printed. Afterwards the
// orders are cancelled (their units and slot places go back) and the slot takes the default again.
// Usage: node --import tsx bench/delivery-slots/run.ts   (the stack must be up)
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeliverySlotList, PlaceOrderAnswer, dhakaDay, slotsOn } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { asAdmin, shopper, TestShelf, type Shopper } from '@bazar/testing/shop';
import { emitFigures, type Figure } from '../figures';

const RATE = Number(process.env.BENCH_RATE ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const shelf = new TestShelf();
  const product = await shelf.stock('Bench Slot Rice', 60, 100_000);
  // tomorrow's last slot, with room for every order of the run
  const slot = slotsOn(dhakaDay(new Date(), 1)).at(-1)!;
  await asAdmin(`${stackEnv.orderUrl}/deliveryslots/${slot}`, { method: 'PUT', body: { capacity: 10_000 } });
  const placed: { buyer: Shopper; orderId: string }[] = [];
  try {
    await measure(product, slot, placed);
  } finally {
    for (let i = 0; i < placed.length; i += 50)
      await Promise.all(placed.slice(i, i + 50).map(({ buyer, orderId }) => buyer.cancel(orderId)));
    await asAdmin(`${stackEnv.orderUrl}/deliveryslots/${slot}`, { method: 'PUT', body: { capacity: null } });
    await shelf.clear();
  }
}

async function measure(product: string, slot: string, placed: { buyer: Shopper; orderId: string }[]): Promise<void> {
  const total = (WARMUP_S + DURATION_S) * RATE;
  const buyers = Array.from({ length: total }, () => shopper('bench-slot'));
  for (let i = 0; i < buyers.length; i += 50) await Promise.all(buyers.slice(i, i + 50).map((buyer) => buyer.addToCart(product, 1)));

  const timings: { withSlot: boolean; ms: number; counted: boolean; status: number }[] = [];
  const started = performance.now();
  const orders = buyers.map(async (buyer, n) => {
    await sleep(Math.max(0, started + (n * 1000) / RATE - performance.now()));
    const withSlot = n % 2 === 1;
    const at = performance.now();
    const answer = await buyer.call(`${stackEnv.orderUrl}/orderplace`, {
      method: 'POST',
      headers: { 'idempotency-key': `bench-${randomUUID()}` },
      body: { name: 'Bench Shopper', email: buyer.email, phone: '01712345678', ...(withSlot && { slot }) },
    });
    timings.push({ withSlot, ms: performance.now() - at, counted: n >= WARMUP_S * RATE, status: answer.status });
    if (answer.status === 201) placed.push({ buyer, orderId: PlaceOrderAnswer.parse(answer.body).order._id });
  });
  await Promise.all(orders);

  const p95 = { withSlot: 0, without: 0 };
  let notPlaced = 0;
  for (const withSlot of [false, true]) {
    const kind = timings.filter((one) => one.counted && one.withSlot === withSlot);
    const ms = kind.map((one) => one.ms).sort((a, b) => a - b);
    const refused = kind.filter((one) => one.status !== 201).length;
    notPlaced += refused;
    p95[withSlot ? 'withSlot' : 'without'] = percentile(ms, 95);
    console.log(
      `${withSlot ? 'with a slot   ' : 'without a slot'}: ${kind.length} orders at ${RATE}/s (half each), ` +
        `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, not placed ${refused}`,
    );
  }
  const list = DeliverySlotList.parse((await asAdmin(`${stackEnv.orderUrl}/deliveryslots`)).body);
  console.log(`slot ${slot}: ${list.slots.find((one) => one.id === slot)!.taken} places taken`);
  console.log(`with a slot / without, p95: ${(p95.withSlot / p95.without).toFixed(2)} (target 1.10)`);
  const figures: Figure[] = [
    {
      bench: 'delivery-slots',
      name: `POST /orderplace with a slot p95 at ${RATE}/s`,
      value: p95.withSlot,
      unit: 'ms',
      baseline: { name: 'the same orders without a slot, p95, same moments', value: p95.without },
      target: { on: 'ratio', op: '<=', limit: 1.1 },
    },
    // a refused order would be a fast answer, flattering either side
    { bench: 'delivery-slots', name: 'orders not placed', value: notPlaced, unit: 'orders', target: { on: 'value', op: '<=', limit: 0 } },
  ];
  emitFigures(figures);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
