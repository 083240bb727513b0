import mongoose, { Schema } from 'mongoose';

/** How many uploads one account began on one day (UTC), counted before the image is read. */
const uploadQuotaSchema = new Schema(
  {
    /** `<owner's identity-provider id>|<YYYY-MM-DD>` */
    _id: { type: String, required: true },
    count: { type: Number, required: true },
  },
  { versionKey: false },
);

export const UploadQuota = mongoose.model('UploadQuota', uploadQuotaSchema, 'upload_quotas');
