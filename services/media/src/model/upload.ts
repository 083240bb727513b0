import mongoose, { Schema } from 'mongoose';

/** One user's upload of one stored image; the same bytes uploaded again by the same user are one record. */
const uploadSchema = new Schema(
  {
    /** the uploader's identity-provider id */
    owner: { type: String, required: true },
    ownerEmail: { type: String, required: true },
    /** sha256 of the stored WebP, also its file name */
    hash: { type: String, required: true },
    size: { type: Number, required: true },
  },
  { timestamps: { createdAt: 'created', updatedAt: false }, versionKey: false },
);
uploadSchema.index({ owner: 1, hash: 1 }, { unique: true });

export const Upload = mongoose.model('Upload', uploadSchema, 'uploads');
