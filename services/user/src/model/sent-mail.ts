import mongoose, { Schema } from 'mongoose';

/** The mails sent about orders, one per event: `_id` is the event's id and the mail's kind. It is
 *  written (`sending`) before the mail goes, so an event heard twice, or again after a restart
 *  between sending and committing, finds it and sends nothing (order-mails.ts). */
const sentMailSchema = new Schema(
  {
    _id: { type: String, required: true },
    to: { type: String, required: true },
    orderId: { type: String, required: true },
    kind: { type: String, required: true },
    state: { type: String, enum: ['sending', 'sent'], required: true },
    sentAt: { type: Date },
  },
  { timestamps: true, versionKey: false },
);

export const SentMail = mongoose.model('SentMail', sentMailSchema, 'sent_mails');
