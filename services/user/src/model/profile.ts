import type { Profile as ProfileAnswer } from '@bazar/contracts';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const profileSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    name: { type: String, default: '' },
    phone: { type: String, required: true },
    address: { type: String, required: true },
    img: { type: String, required: true },
  },
  { timestamps: true },
);

export type ProfileDocument = InferSchemaType<typeof profileSchema> & { _id: mongoose.Types.ObjectId };
export const Profile = mongoose.model('Profile', profileSchema, 'profiles');

export function toProfileAnswer(profile: ProfileDocument): ProfileAnswer {
  const { _id, email, name, phone, address, img } = profile;
  return { _id: _id.toString(), email, name, phone, address, img };
}
