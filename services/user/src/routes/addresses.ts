import { API, MAX_SAVED_ADDRESSES, type DeleteAnswer, type SavedAddress } from '@bazar/contracts';
import { conflict, currentUser, endpointRouter, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey } from '@bazar/service-kit/mongo';
import type { Router } from 'express';
import { Types } from 'mongoose';
import { AddressBook, toAddressBookAnswer, toSavedAddress, type AddressBookDocument, type StoredAddress } from '../model/address-book';

const NO_SUCH_ADDRESS = 'No such address';
/** Rewrites of one book racing each other: each is tried again on what the winner left. */
const ATTEMPTS = 8;

type Book = Pick<AddressBookDocument, 'addresses' | 'defaultId'>;

/**
 * Changes the caller's book as `change` makes of the book as read, in one conditional write (the
 * book's `version` as read): of two changes at once, one lands and the other is made again on the
 * book it left. A book not yet written is created by its first change (a unique `_id`: one wins).
 */
async function changeBook<T>(userId: string, change: (book: Book) => { book: Book; answer: T }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const read = await AddressBook.findById(userId).lean<AddressBookDocument>();
    const { book, answer } = change(read ?? { addresses: [] });
    const fields = { addresses: book.addresses, ...(book.defaultId && { defaultId: book.defaultId }) };
    try {
      if (!read) {
        await AddressBook.create({ _id: userId, ...fields, version: 1 });
        return answer;
      }
      const written = await AddressBook.updateOne(
        { _id: userId, version: read.version },
        { $set: fields, ...(!book.defaultId && { $unset: { defaultId: 1 } }), $inc: { version: 1 } },
      );
      if (written.matchedCount === 1) return answer;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    if (attempt === ATTEMPTS) throw conflict('changed-meanwhile', 'Your address book was changed at the same moment; try again');
  }
}

/** The address with this id in the book; another account's address is not there, so it is "no such
 *  address" (404) for anyone else. */
function addressIn(book: Book, id: string): StoredAddress {
  const address = book.addresses.find((one) => one._id === id);
  if (!address) throw notFound('no-such-address', NO_SUCH_ADDRESS);
  return address;
}

/** The shopper's delivery addresses (issue 54): kept per account, found by the verified token's
 *  account, several with exactly one default while there are any. */
export function addressRoutes(): Router {
  const router = endpointRouter();

  router.implement(API.myAddresses, async (req, res) => {
    const book = await AddressBook.findById(currentUser(req).id).lean<AddressBookDocument>();
    res.json(toAddressBookAnswer(book) satisfies SavedAddress[]);
  });

  router.implement(API.addAddress, async (req, res) => {
    const { address, makeDefault } = req.body;
    const saved = await changeBook(currentUser(req).id, (book) => {
      if (book.addresses.length >= MAX_SAVED_ADDRESSES)
        throw conflict('address-book-full', `You can keep up to ${MAX_SAVED_ADDRESSES} addresses; remove one first`, {
          limit: MAX_SAVED_ADDRESSES,
        });
      const added: StoredAddress = { _id: new Types.ObjectId().toString(), ...address };
      const defaultId = makeDefault || !book.defaultId ? added._id : book.defaultId;
      return { book: { addresses: [...book.addresses, added], defaultId }, answer: toSavedAddress(added, defaultId) };
    });
    res.status(201).json(saved satisfies SavedAddress);
  });

  router.implement(API.editAddress, async (req, res) => {
    const { id } = req.params;
    const { address, makeDefault } = req.body;
    const saved = await changeBook(currentUser(req).id, (book) => {
      addressIn(book, id);
      const edited: StoredAddress = { _id: id, ...address };
      const defaultId = makeDefault ? id : book.defaultId;
      return {
        book: { addresses: book.addresses.map((one) => (one._id === id ? edited : one)), defaultId },
        answer: toSavedAddress(edited, defaultId),
      };
    });
    res.json(saved satisfies SavedAddress);
  });

  router.implement(API.removeAddress, async (req, res) => {
    const { id } = req.params;
    await changeBook(currentUser(req).id, (book) => {
      addressIn(book, id);
      const addresses = book.addresses.filter((one) => one._id !== id);
      // the default gone, the newest address left takes its place
      const newest = addresses.reduce<StoredAddress | undefined>((found, one) => (!found || one._id > found._id ? one : found), undefined);
      const defaultId = book.defaultId === id ? newest?._id : book.defaultId;
      return { book: { addresses, defaultId }, answer: undefined };
    });
    res.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteAnswer);
  });

  return router;
}
