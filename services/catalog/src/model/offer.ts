import type { Offer as OfferAnswer } from '@bazar/contracts';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const offerSchema = new Schema(
  {
    offerTitle: { type: String, required: true, trim: true },
    offerTitle_bn: { type: String, trim: true },
    offerDetails: { type: String, required: true, trim: true },
    offerDetails_bn: { type: String, trim: true },
  },
  { timestamps: true },
);

export type OfferDocument = InferSchemaType<typeof offerSchema> & { _id: mongoose.Types.ObjectId };
export const Offer = mongoose.model('Offer', offerSchema, 'offers');

export function toOfferAnswer(offer: OfferDocument): OfferAnswer {
  return {
    _id: offer._id.toString(),
    offerTitle: offer.offerTitle,
    ...(offer.offerTitle_bn && { offerTitle_bn: offer.offerTitle_bn }),
    offerDetails: offer.offerDetails,
    ...(offer.offerDetails_bn && { offerDetails_bn: offer.offerDetails_bn }),
  };
}
