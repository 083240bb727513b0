import {
  OrderActor,
  OrderStatus,
  paisaToTaka,
  type DeliveryAddress,
  type Order as OrderAnswer,
  type OrderStatusChange,
} from '@bazar/contracts';
import { readByIds } from '@bazar/service-kit/mongo';
import { outboxFields } from '@bazar/service-kit/kafka';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const orderItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    name_bn: { type: String },
    img: { type: String, default: '' },
    /** paisa */
    unitPricePaisa: { type: Number, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

/** The delivery address as the order was placed with it (a copy: the shopper's book may change). */
const deliveryAddressSchema = new Schema(
  {
    label: { type: String },
    district: { type: String, required: true },
    area: { type: String, required: true },
    road: { type: String, required: true },
    flat: { type: String },
    landmark: { type: String },
    phone: { type: String, required: true },
  },
  { _id: false },
);

const statusChangeSchema = new Schema(
  {
    status: { type: String, enum: OrderStatus.options, required: true },
    at: { type: Date, required: true },
    by: { type: String, enum: OrderActor.options, required: true },
  },
  { _id: false },
);

/** `placing` is the order's own first step, never shown: it exists while its units are reserved
 *  and its lines taken off the cart (see place-order.ts), and becomes `placed` or is removed. */
export const STORED_STATUSES = ['placing', ...OrderStatus.options] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

/** Whether an order in this status holds units unconfirmed, and so a place among its shopper's
 *  unconfirmed orders (UnconfirmedOrders). */
export const holdsUnits = (status: string | undefined): boolean => status === 'placing' || status === 'placed';

const orderSchema = new Schema(
  {
    /** the identity provider's id of the shopper (`sub`): whose order it is */
    userId: { type: String, required: true },
    /** a copy, for the admin and for the shopper's own reading; never what ownership follows */
    email: { type: String, required: true },
    name: { type: String, required: true },
    phone: { type: String, default: '' },
    addinfo: { type: String, default: '' },
    address: { type: deliveryAddressSchema },
    /** the delivery slot (`2026-12-07T14`); its place is taken by the placement's reservation id
     *  (delivery-slots.ts) and given back when the order is undone or cancelled */
    slot: { type: String },
    items: { type: [orderItemSchema], required: true },
    // paisa
    subtotalPaisa: { type: Number, required: true },
    vatPaisa: { type: Number, required: true },
    deliveryPaisa: { type: Number, required: true },
    totalPaisa: { type: Number, required: true },
    status: { type: String, enum: STORED_STATUSES, required: true },
    history: { type: [statusChangeSchema], default: [] },
    /** while placed: when the store cancels it unless it is confirmed */
    holdUntil: { type: Date },
    /** the catalog's hold on its units and the cart's checkout of its lines: one per attempt to
     *  place it, so that an attempt given up can never be mistaken for a later one */
    reservationId: { type: String, required: true },
    /** The cart state the order was placed from (`cartStateOf`): its claim, made in the order's own
     *  write, so that one state of a cart becomes one order. Only its unique index reads it. Sparse,
     *  so that any number of older orders may lack it. */
    cartState: { type: String, unique: true, sparse: true },
    /** Set while a placement given up (its lines never taken: the cart refused or voided the
     *  checkout) is undone: it can never be placed, so it no longer claims its cart state, and
     *  whoever meets it (the sweep, a repeat of its request) finishes undoing it at once. */
    withdrawn: { type: Boolean },
    /** a hash of the request that placed it: its Idempotency-Key answers only the same request again */
    requestHash: { type: String },
    /** what the admin's search looks in: its email, phone and id (admin-order-list.ts `searchTextOf`) */
    searchText: { type: String },
    ...outboxFields,
  },
  { timestamps: true },
);
orderSchema.index({ userId: 1, createdAt: -1 });
// the admin's list filtered by a slot reads the slot's orders (at most its capacity) through it
orderSchema.index({ slot: 1, createdAt: -1 });
// the admin's list, newest first: by status, and of every status (admin-order-list.ts)
orderSchema.index({ status: 1, createdAt: -1, _id: -1 });
orderSchema.index({ createdAt: -1, _id: -1 });
// the admin's search, a literal in it
orderSchema.index({ searchText: 1 });
// the sales report's reading of the orders written since its last one (sales-report.ts): every write
// of an order goes through this model, whose timestamps set `updatedAt`
orderSchema.index({ updatedAt: 1 });

/** A shopper's cart at one revision (the cart service's `CART_REVISION_HEADER`). */
export const cartStateOf = (email: string, cartRevision: number) => `${email} ${cartRevision}`;

export type OrderDocument = InferSchemaType<typeof orderSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  status: StoredStatus;
  history: { status: OrderStatus; at: Date; by: OrderActor }[];
};
export const Order = mongoose.model('Order', orderSchema, 'orders');

/** The fields an answer is made of: reads leave the outbox in the database. */
export const ANSWER_FIELDS = '-outbox -outboxPending';

/** The orders with these ids as they are answered, in the order asked, those gone left out; only
 *  the shopper's own where `userId` is given. Read together (`readByIds`), a command for many
 *  orders rather than one an order, which costs the database less. */
export async function ordersWithIds(ids: string[], { userId }: { userId?: string } = {}): Promise<OrderDocument[]> {
  const orders = await readByIds<OrderDocument>(Order, ids, { filter: userId ? { userId } : {}, fields: ANSWER_FIELDS });
  const found = new Map(orders.map((order) => [order._id.toString(), order]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

function addressAnswer(address: NonNullable<OrderDocument['address']>): DeliveryAddress {
  const { label, district, area, road, flat, landmark, phone } = address;
  return { ...(label && { label }), district, area, road, ...(flat && { flat }), ...(landmark && { landmark }), phone };
}

export function toOrderAnswer(order: OrderDocument): OrderAnswer {
  return {
    _id: order._id.toString(),
    name: order.name,
    email: order.email,
    phone: order.phone,
    addinfo: order.addinfo,
    ...(order.address && { address: addressAnswer(order.address) }),
    ...(order.slot && { slot: order.slot }),
    items: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      ...(item.name_bn && { name_bn: item.name_bn }),
      img: item.img,
      unitPrice: paisaToTaka(item.unitPricePaisa),
      quantity: item.quantity,
      lineTotal: paisaToTaka(item.unitPricePaisa * item.quantity),
    })),
    subtotal: paisaToTaka(order.subtotalPaisa),
    vat: paisaToTaka(order.vatPaisa),
    delivery: paisaToTaka(order.deliveryPaisa),
    total: paisaToTaka(order.totalPaisa),
    // an answer is only ever made of an order that has left `placing`
    status: order.status === 'placing' ? 'placed' : order.status,
    placedAt: order.createdAt.toISOString(),
    history: order.history.map((change): OrderStatusChange => ({ status: change.status, at: change.at.toISOString(), by: change.by })),
    ...(order.status === 'placed' && order.holdUntil && { holdUntil: order.holdUntil.toISOString() }),
  };
}
