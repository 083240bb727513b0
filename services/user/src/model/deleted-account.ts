import mongoose, { Schema } from 'mongoose';

/** Keycloak accounts this store deleted, by their id (a token's subject). A token outlives its
 *  account by up to its lifetime; a sync with it must not bring the user back, least of all with
 *  the admin role the token may still carry. Someone who signs up again gets a new id. */
const deletedAccountSchema = new Schema(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    deletedAt: { type: Date, default: Date.now },
  },
  { versionKey: false },
);

export const DeletedAccount = mongoose.model('DeletedAccount', deletedAccountSchema, 'deleted_accounts');
