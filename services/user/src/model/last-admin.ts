import { HttpError, conflict } from '@bazar/service-kit/http';
import mongoose, { Schema, Types } from 'mongoose';
import { User, live } from './user';

/**
 * One document listing the admins being taken away right now (by Remove Admin or a delete), one
 * entry per change: `<user id> <change id>`. A change adds its entry and reads everyone else's in
 * one atomic update, then goes ahead only if some admin stays who is on nobody's list. Of two
 * changes at once, the one that wrote its entry second reads the first one's, so two admins who
 * take each other away at the same moment cannot both succeed. It holds only in-flight changes, so
 * it stays tiny, and is found by `_id` alone, a look-up in the `_id` index.
 */
const leavingSchema = new Schema({ _id: String, entries: { type: [String], default: [] } }, { versionKey: false });
const LeavingAdmins = mongoose.model('LeavingAdmins', leavingSchema, 'leaving_admins');
const GUARD_ID = 'leaving-admins';

/** An entry older than this is left by a process that stopped mid-change; it no longer counts. A
 *  change that has taken half of it gives up rather than write, so a live entry never expires. */
const ENTRY_LIFETIME_MS = 60_000;

const userOf = (entry: string) => new Types.ObjectId(entry.split(' ')[0]);
const timeOf = (entry: string) => new Types.ObjectId(entry.split(' ')[1]).getTimestamp().getTime();

/**
 * Takes `admin` away with `change` (a demotion or a delete) unless that would leave no admin;
 * then it refuses with 409 and `refusal`.
 */
export async function unlessLastAdmin<T>(admin: Types.ObjectId, refusal: string, change: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const entry = `${admin.toString()} ${new Types.ObjectId().toString()}`;
  const guard = await LeavingAdmins.findOneAndUpdate(
    { _id: GUARD_ID },
    { $push: { entries: entry } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  const entries = guard?.entries ?? [];
  const expired = entries.filter((other) => timeOf(other) < started - ENTRY_LIFETIME_MS);
  try {
    const leaving = entries.filter((other) => !expired.includes(other)).map(userOf);
    const staying = await User.exists({ role: 'admin', ...live, _id: { $nin: leaving } });
    if (!staying) throw conflict('last-admin', refusal);
    if (Date.now() - started > ENTRY_LIFETIME_MS / 2)
      throw new HttpError(503, 'store-busy', 'The store is too busy to change roles just now; try again');
    return await change();
  } finally {
    await LeavingAdmins.updateOne({ _id: GUARD_ID }, { $pullAll: { entries: [entry, ...expired] } });
  }
}
