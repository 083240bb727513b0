import { ShopLanguage, type Role, type User as UserAnswer } from '@bazar/contracts';
import { outboxFields } from '@bazar/service-kit/kafka';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    role: { type: String, enum: ['user', 'admin'] satisfies Role[], default: 'user' },
    name: { type: String, default: '' },
    /** the store's language the shopper last chose while signed in; unset until they choose */
    language: { type: String, enum: ShopLanguage.options },
    /** the Keycloak account's id (the token's subject), for the admin API */
    keycloakId: { type: String, default: '' },
    /** set when an admin deletes the user: the record stays, hidden, until the user-deleted event
     *  it carries has removed the Keycloak account */
    deletedAt: { type: Date, default: null },
    /** when Keycloak last sent this account its verification mail (see VerificationMails) */
    verificationMailAt: { type: Date, default: null },
    ...outboxFields,
  },
  { timestamps: true },
);
userSchema.index({ role: 1 });
/** the order mails find the shopper of an order by the token's subject (events/order-mails.ts) */
userSchema.index({ keycloakId: 1 });

export type UserDocument = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
export const User = mongoose.model('User', userSchema, 'users');

/** Users that are not being deleted. */
export const live = { deletedAt: null };

export function toUserAnswer(user: UserDocument): UserAnswer {
  const language = ShopLanguage.safeParse(user.language).data;
  return { _id: user._id.toString(), email: user.email, role: user.role, name: user.name, ...(language && { language }) };
}
