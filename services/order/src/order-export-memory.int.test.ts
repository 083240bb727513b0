// The orders' CSV export streams (issue 54, item 8): 5,000 orders, seeded straight into a database of
// the test's own and listed by an order service of its own when it starts (its read model's
// reconcile), are exported while the service's resident memory is sampled. The file must come as
// it is made: the response is chunked, and its first bytes arrive while the service still has the
// rest to write (the test stops reading, and the service waits for it). The memory growth is printed,
// not held to a number, since garbage collection decides when memory is given back.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { OrderPage } from '@bazar/contracts';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import { adminIdentity } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const DB = 'order_export_memory_test';
const ORDERS = 5_000;
let db: mongoose.Connection;
let service: OrderReplica;

/** An order as the service leaves a delivered one, placed within the last three days. */
function seeded(i: number) {
  const at = new Date(Date.now() - randomInt(3 * 24 * 60) * 60_000);
  const items = Array.from({ length: 1 + (i % 6) }, (_, line) => ({
    productId: new mongoose.Types.ObjectId().toString(),
    name: `Seeded grocery ${line}, "fresh"`,
    img: '/media/seeded.webp',
    unitPricePaisa: 5_000 + line * 100,
    quantity: 1 + (line % 3),
  }));
  const subtotal = items.reduce((sum, item) => sum + item.unitPricePaisa * item.quantity, 0);
  const steps = ['placed', 'confirmed', 'packed', 'out-for-delivery', 'delivered'];
  return {
    _id: new mongoose.Types.ObjectId(),
    userId: `export-${i % 300}`,
    email: `export${i}@example.com`,
    name: `Export Shopper ${i}`,
    phone: '01712345678',
    // a note of a few hundred bytes, as riders' directions are
    addinfo: `House ${i}, Road ${i % 40}, Mirpur; ${'call when at the gate, '.repeat(12)}`,
    items,
    subtotalPaisa: subtotal,
    vatPaisa: Math.round(subtotal * 0.05),
    deliveryPaisa: 7_000,
    totalPaisa: subtotal + Math.round(subtotal * 0.05) + 7_000,
    status: 'delivered',
    history: steps.map((status) => ({ status, at, by: 'admin' })),
    reservationId: new mongoose.Types.ObjectId().toString(),
    cartState: `export ${i}`,
    outbox: {},
    outboxPending: [],
    createdAt: at,
    updatedAt: at,
  };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  for (let from = 0; from < ORDERS; from += 500)
    await db.collection('orders').insertMany(Array.from({ length: 500 }, (_, k) => seeded(from + k)) as never[]);
  service = await startOrderReplica(await freePort(), { MONGO_DB: DB });
  // the service lists the seeded orders for the admin as it starts
  await eventually(
    async () => {
      const page = await fetch(`${service.url}/allorders?pageSize=1`, { headers: adminIdentity });
      expect(OrderPage.parse(await page.json()).total).toBe(ORDERS);
    },
    120_000,
    1_000,
  );
}, 180_000);
afterAll(async () => {
  await service?.stop();
  await db?.dropDatabase();
  await db?.close();
});

it('streams the CSV of 5,000 orders without holding them all in memory', async () => {
  const rssBefore = rssMb(service.pid);
  let rssPeak = rssBefore;
  const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(service.pid))), 20);
  try {
    const response = await fetch(`${service.url}/allorders/export`, { headers: adminIdentity });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstBytes = first.value?.length ?? 0;
    // not reading for a while: a service that writes as the client takes the file waits meanwhile
    await sleep(1_000);
    let bytes = firstBytes;
    let rows = 0;
    const count = (chunk: Uint8Array) => chunk.forEach((byte) => (rows += byte === 10 ? 1 : 0));
    count(first.value!);
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      bytes += next.value.length;
      count(next.value);
    }
    console.log(
      `CSV of ${ORDERS} orders: ${(bytes / 1_048_576).toFixed(1)} MB, the first read ${(firstBytes / 1024).toFixed(1)} KB; ` +
        `the order service's RSS ${rssBefore.toFixed(1)} MB before, ${rssPeak.toFixed(1)} MB at most (+${(rssPeak - rssBefore).toFixed(1)} MB)`,
    );
    expect(rows).toBe(ORDERS + 1); // the header and every order
    // the first bytes came long before the whole file: it was sent as it was made
    expect(firstBytes).toBeLessThan(bytes / 20);
  } finally {
    clearInterval(sampling);
  }
}, 120_000);
