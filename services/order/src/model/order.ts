import { paisaToTaka, type Order as OrderAnswer, type OrderStatus } from '@bazar/contracts';
import { outboxFields } from '@bazar/service-kit';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const orderItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    img: { type: String, default: '' },
    /** paisa */
    unitPricePaisa: { type: Number, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

const orderSchema = new Schema(
  {
    email: { type: String, required: true },
    name: { type: String, required: true },
    phone: { type: String, default: '' },
    addinfo: { type: String, default: '' },
    items: { type: [orderItemSchema], required: true },
    // paisa
    subtotalPaisa: { type: Number, required: true },
    vatPaisa: { type: Number, required: true },
    deliveryPaisa: { type: Number, required: true },
    totalPaisa: { type: Number, required: true },
    status: { type: String, enum: ['pending-payment', 'confirmed'] satisfies OrderStatus[], default: 'pending-payment' },
    /** The cart state the order was placed from (`cartStateOf`): its claim, made in the order's own
     *  write, so that one state of a cart becomes one order. Only its unique index reads it (FerretDB
     *  on SQLite enforces one). Sparse for MongoDB, where older orders without it would clash;
     *  FerretDB ignores `sparse`, and its SQLite index lets any number of them lack the field. */
    cartState: { type: String, unique: true, sparse: true },
    ...outboxFields,
  },
  { timestamps: true },
);
orderSchema.index({ email: 1, createdAt: -1 });

/** A shopper's cart at one revision (the cart service's `CART_REVISION_HEADER`). */
export const cartStateOf = (email: string, cartRevision: number) => `${email} ${cartRevision}`;

export type OrderDocument = InferSchemaType<typeof orderSchema> & { _id: mongoose.Types.ObjectId; createdAt: Date };
export const Order = mongoose.model('Order', orderSchema, 'orders');

export function toOrderAnswer(order: OrderDocument): OrderAnswer {
  return {
    _id: order._id.toString(),
    name: order.name,
    email: order.email,
    phone: order.phone,
    addinfo: order.addinfo,
    items: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      img: item.img,
      unitPrice: paisaToTaka(item.unitPricePaisa),
      quantity: item.quantity,
      lineTotal: paisaToTaka(item.unitPricePaisa * item.quantity),
    })),
    subtotal: paisaToTaka(order.subtotalPaisa),
    vat: paisaToTaka(order.vatPaisa),
    delivery: paisaToTaka(order.deliveryPaisa),
    total: paisaToTaka(order.totalPaisa),
    status: order.status,
    placedAt: order.createdAt.toISOString(),
  };
}
