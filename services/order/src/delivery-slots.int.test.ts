// Delivery slots (issue 54) against the running order service: the last place of a slot goes to one
// order only when shoppers race for it, the others are told and keep everything (no order, no units
// held, their carts as they were); a cancelled order gives its place back; a slot that has started or
// is not today's or tomorrow's is refused before anything is written; a place counted for an order
// that is not written (a repeated request, a shopper at the hold limit) goes back; the admin's list
// finds a slot's orders, and an order keeps a copy of its address.
import { randomUUID } from 'node:crypto';
import {
  DeliverySlot,
  DeliverySlotList,
  OrderPage,
  PlaceOrderAnswer,
  SLOT_FULL,
  SLOT_NOT_OFFERED,
  SLOT_PAST,
  dhakaDay,
  slotRefusal,
  slotsOn,
  type DeliveryAddress,
} from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { adminIdentity, asAdmin, shopper, TestShelf, type Shopper } from '@bazar/testing/shop';

const shelf = new TestShelf();
const address: DeliveryAddress = {
  label: 'Home',
  district: 'Dhaka',
  area: 'Mirpur',
  road: 'House 7, Road 2, Section 10',
  phone: '01712345678',
};
const placed: { buyer: Shopper; orderId: string }[] = [];
// tomorrow's slots are offered at any hour of today; each test takes one of its own
const tomorrow = slotsOn(dhakaDay(new Date(), 1));

afterAll(async () => {
  // the places taken here go back, and the slots to the store's default
  for (const { buyer, orderId } of placed) await buyer.cancel(orderId);
  for (const slot of tomorrow) await asAdmin(`${stackEnv.orderUrl}/deliveryslots/${slot}`, { method: 'PUT', body: { capacity: null } });
  await shelf.clear();
});

const placeWithSlot = (buyer: Shopper, slot: string, key = `slot-${randomUUID()}`) =>
  buyer.call(`${stackEnv.orderUrl}/orderplace`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    body: { name: 'Slot Shopper', email: buyer.email, phone: '01712345678', addinfo: 'Ring twice', address, slot },
  });

async function slotNow(slot: string): Promise<DeliverySlot> {
  const list = DeliverySlotList.parse((await asAdmin(`${stackEnv.orderUrl}/deliveryslots`)).body);
  return list.slots.find((one) => one.id === slot)!;
}

/** Leaves exactly `places` places in the slot. */
async function leave(slot: string, places: number): Promise<void> {
  const { taken } = await slotNow(slot);
  const answer = await asAdmin(`${stackEnv.orderUrl}/deliveryslots/${slot}`, { method: 'PUT', body: { capacity: taken + places } });
  expect(answer).toMatchObject({ status: 200, body: { id: slot, capacitySet: true, left: places, offered: places > 0 } });
}

it('gives the last place of a slot to one of the shoppers racing for it; the others are told and keep their carts', async () => {
  const slot = tomorrow[0]!;
  const carrot = await shelf.stock('Slot Carrot', 60, 40);
  const buyers = Array.from({ length: 6 }, () => shopper('slot-race'));
  for (const buyer of buyers) expect((await buyer.addToCart(carrot, 2)).status).toBe(201);
  await leave(slot, 1);

  const answers = await Promise.all(buyers.map((buyer) => placeWithSlot(buyer, slot)));
  const won = answers.flatMap((answer, n) => (answer.status === 201 ? [{ buyer: buyers[n]!, answer }] : []));
  expect(won).toHaveLength(1);
  const { order } = PlaceOrderAnswer.parse(won[0]!.answer.body);
  placed.push({ buyer: won[0]!.buyer, orderId: order._id });
  expect(order).toMatchObject({ slot, address, addinfo: 'Ring twice' });
  for (const answer of answers.filter((one) => one.status !== 201))
    expect(answer).toEqual({ status: 409, body: { error: SLOT_FULL, code: 'slot-full', slot } });

  // the refused: no order, their pieces in their carts, no units held for them
  for (const buyer of buyers.filter((one) => one !== won[0]!.buyer)) {
    expect(await buyer.myOrders()).toEqual([]);
    expect(await buyer.pieces()).toEqual([[carrot, 2]]);
  }
  expect(await shelf.stockOf(carrot)).toBe(38);
  expect(await slotNow(slot)).toMatchObject({ left: 0, offered: false });

  // the admin's list finds the slot's order by the slot
  const page = OrderPage.parse((await asAdmin(`${stackEnv.orderUrl}/allorders?slot=${slot}&pageSize=50`)).body);
  expect(page.orders.map((one) => one._id)).toContain(order._id);
  expect(page.orders.every((one) => one.slot === slot)).toBe(true);
  // and so does its CSV export: the slot's orders only
  const csv = await fetch(`${stackEnv.orderUrl}/allorders/export?slot=${slot}`, { headers: adminIdentity }).then((answer) => answer.text());
  const exported = csv
    .split('\r\n')
    .slice(1, -1)
    .map((row) => row.split(',')[0]);
  expect(exported.sort()).toEqual(page.orders.map((one) => one._id).sort());
});

it('gives a cancelled order’s place back to the next shopper', async () => {
  const slot = tomorrow[1]!;
  const rice = await shelf.stock('Slot Rice', 90, 40);
  const [first, second] = [shopper('slot-first'), shopper('slot-second')];
  for (const buyer of [first, second]) await buyer.addToCart(rice, 1);
  await leave(slot, 1);

  const taken = await placeWithSlot(first, slot);
  expect(taken.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(taken.body);
  expect(await placeWithSlot(second, slot)).toEqual({ status: 409, body: { error: SLOT_FULL, code: 'slot-full', slot } });
  expect(await second.pieces()).toEqual([[rice, 1]]);

  expect((await first.cancel(order._id)).status).toBe(200);
  expect(await slotNow(slot)).toMatchObject({ left: 1, offered: true });
  // cancelling again (the shopper's second click, the sweep) gives back nothing more
  await first.cancel(order._id);
  expect(await slotNow(slot)).toMatchObject({ left: 1 });

  const next = await placeWithSlot(second, slot);
  expect(next.status).toBe(201);
  placed.push({ buyer: second, orderId: PlaceOrderAnswer.parse(next.body).order._id });
  expect(await slotNow(slot)).toMatchObject({ left: 0 });
});

it('refuses a slot that is not today or tomorrow, or has started, before anything is written', async () => {
  const egg = await shelf.stock('Slot Egg', 12, 40);
  const buyer = shopper('slot-late');
  await buyer.addToCart(egg, 3);
  const inThreeDays = slotsOn(dhakaDay(new Date(), 3))[2]!;
  expect(await placeWithSlot(buyer, inThreeDays)).toEqual({
    status: 409,
    body: { error: SLOT_NOT_OFFERED, code: 'slot-not-offered', slot: inThreeDays },
  });
  const started = slotsOn(dhakaDay(new Date())).find((slot) => slotRefusal(slot, new Date()) === 'past');
  // before 8:00 in Dhaka no slot of today has started yet
  if (started)
    expect(await placeWithSlot(buyer, started)).toEqual({ status: 409, body: { error: SLOT_PAST, code: 'slot-past', slot: started } });
  expect((await placeWithSlot(buyer, `${dhakaDay(new Date(), 1)}T09`)).status).toBe(400);
  expect(await buyer.myOrders()).toEqual([]);
  expect(await buyer.pieces()).toEqual([[egg, 3]]);
  expect(await shelf.stockOf(egg)).toBe(40);
});

it('keeps a place counted only for an order written: a repeated request and a shopper at the hold limit leave the slot as it was', async () => {
  const slot = tomorrow[2]!;
  const lentils = await shelf.stock('Slot Lentils', 30, 40);
  const buyer = shopper('slot-counted');
  await buyer.addToCart(lentils, 1);
  await leave(slot, 5);
  const key = `slot-${randomUUID()}`;
  const first = await placeWithSlot(buyer, slot, key);
  expect(first.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(first.body);
  placed.push({ buyer, orderId: order._id });
  expect(await slotNow(slot)).toMatchObject({ left: 4 });

  // the same request again: its place is counted while the empty cart is read, and given back
  expect(PlaceOrderAnswer.parse((await placeWithSlot(buyer, slot, key)).body).order._id).toBe(order._id);
  expect(await slotNow(slot)).toMatchObject({ left: 4 });

  // and with lines in the cart: the slot has room, so a place is counted before
  // the order is found written already, and given back; the answer is the first order
  await buyer.addToCart(lentils, 1);
  const again = await placeWithSlot(buyer, slot, key);
  expect(PlaceOrderAnswer.parse(again.body).order._id).toBe(order._id);
  expect(await slotNow(slot)).toMatchObject({ left: 4 });

  // two more orders fill the shopper's unconfirmed ones; the next, with the slot, is refused for that
  for (let n = 0; n < 2; n++) {
    const answer = await buyer.placeOrder();
    expect(answer.status).toBe(201);
    placed.push({ buyer, orderId: PlaceOrderAnswer.parse(answer.body).order._id });
    await buyer.addToCart(lentils, 1);
  }
  expect(await placeWithSlot(buyer, slot)).toMatchObject({ status: 409, body: { code: 'hold-limit-reached' } });
  expect(await slotNow(slot)).toMatchObject({ left: 4 });
  expect(await buyer.pieces()).toEqual([[lentils, 1]]);
});

it("lists today's and tomorrow's slots, and the admin's capacities", async () => {
  const list = DeliverySlotList.parse((await asAdmin(`${stackEnv.orderUrl}/deliveryslots`)).body);
  expect(list.slots.map((slot) => slot.id)).toEqual([...slotsOn(dhakaDay(new Date())), ...tomorrow]);
  // 14:00 in Dhaka is 08:00 UTC
  expect(list.slots.find((slot) => slot.id === tomorrow[3])).toMatchObject({
    start: `${dhakaDay(new Date(), 1)}T08:00:00.000Z`,
    end: `${dhakaDay(new Date(), 1)}T10:00:00.000Z`,
  });
  for (const slot of list.slots) expect(slot.offered).toBe(slot.left > 0 && Date.parse(slot.start) > Date.now());
  expect(
    await asAdmin(`${stackEnv.orderUrl}/deliveryslots/${dhakaDay(new Date(), 5)}T08`, { method: 'PUT', body: { capacity: 3 } }),
  ).toMatchObject({
    status: 404,
  });
});
