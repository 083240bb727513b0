import mongoose, { Schema } from 'mongoose';

/**
 * The catalog's hold on one order's units (its `_id` is the order's reservation id).
 *
 *   reserving ──> held ──> releasing ──> released
 *        └──────────────────┘
 *
 * `reserving`: units are being taken, product by product; each product taken carries the marker
 * `+<id>` in its `pendingStock` until the reservation is `held` and settled. Once every unit is
 * taken the order is answered, and the reservation is marked `held` with the settling, for the
 * reservations of half a second together: a `reserving` one whose every product carries its marker
 * holds its units (the sweep marks it held should its process have died). `releasing`: units are
 * being given back; each product given back carries `-<id>` until the reservation is `released`
 * and settled. A marker is written in the same single-document write as the stock change it stands
 * for, so whoever finishes an interrupted step (the request that began it, a repeated release, the
 * sweep) can tell, product by product, whether the change was made. A released reservation is
 * deleted once its markers are settled (a reservation refused whole, at once); one released before
 * it was reserved is kept an hour as a tombstone: a reserve request arriving after its release is
 * refused. A held one is deleted when its order is delivered.
 */
export const RESERVATION_STATES = ['reserving', 'held', 'releasing', 'released'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

const reservationSchema = new Schema(
  {
    _id: { type: String, required: true },
    items: {
      type: [new Schema({ productId: { type: String, required: true }, quantity: { type: Number, required: true } }, { _id: false })],
      default: [],
    },
    state: { type: String, enum: RESERVATION_STATES, required: true },
    /** the state a release began from: what was taken is known for a held reservation (everything)
     *  and found by the `+` markers for a reserving one */
    releasedFrom: { type: String, enum: ['reserving', 'held'] },
    /** false while products may still carry this reservation's markers */
    settled: { type: Boolean, default: false },
  },
  { timestamps: true, versionKey: false },
);

export interface ReservationDocument {
  _id: string;
  items: { productId: string; quantity: number }[];
  state: ReservationState;
  releasedFrom?: 'reserving' | 'held';
  settled: boolean;
  updatedAt: Date;
}

export const Reservation = mongoose.model('Reservation', reservationSchema, 'reservations');

export const takenMarker = (reservationId: string) => `+${reservationId}`;
export const returnedMarker = (reservationId: string) => `-${reservationId}`;
