import type { DeliveryAddress, SavedAddress } from '@bazar/contracts';
import mongoose, { Schema } from 'mongoose';

const savedAddressSchema = new Schema(
  {
    _id: { type: String, required: true },
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

/** A shopper's delivery addresses, all in one document (`_id`: the account's id at the identity
 *  provider, as on the verified token): which one is the default and how many there are are decided
 *  in one single-document write, atomic with no transaction. `version` makes
 *  each change a conditional write over the book as it was read. */
const addressBookSchema = new Schema(
  {
    _id: { type: String, required: true },
    addresses: { type: [savedAddressSchema], default: [] },
    defaultId: { type: String },
    version: { type: Number, required: true },
  },
  { timestamps: true },
);

export interface StoredAddress extends DeliveryAddress {
  _id: string;
}
export interface AddressBookDocument {
  _id: string;
  addresses: StoredAddress[];
  defaultId?: string;
  version: number;
}
export const AddressBook = mongoose.model('AddressBook', addressBookSchema, 'address_books');

/** The book as answered: the default first, then the newest (ids are ObjectIds: time first). */
export function toAddressBookAnswer(book: Pick<AddressBookDocument, 'addresses' | 'defaultId'> | null): SavedAddress[] {
  if (!book) return [];
  return [...book.addresses]
    .sort((a, b) => Number(b._id === book.defaultId) - Number(a._id === book.defaultId) || b._id.localeCompare(a._id))
    .map((address) => toSavedAddress(address, book.defaultId));
}

export function toSavedAddress(address: StoredAddress, defaultId: string | undefined): SavedAddress {
  const { _id, label, district, area, road, flat, landmark, phone } = address;
  return {
    _id,
    ...(label && { label }),
    district,
    area,
    road,
    ...(flat && { flat }),
    ...(landmark && { landmark }),
    phone,
    isDefault: _id === defaultId,
  };
}
