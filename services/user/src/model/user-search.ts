import type { UserListQuery } from '@bazar/contracts';
import { User, live, type UserDocument } from './user';

/** The admin's accounts list shows this many a page unless asked otherwise. */
export const DEFAULT_USER_PAGE_SIZE = 20;

/** `text` matched as it is written, whatever characters it holds (`a.b+c@x` finds only itself). */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One page of the accounts (not being deleted), oldest first as the whole list is, of those whose
 * email or name holds `q` in any case; and how many match. The database finds and counts them: the
 * dashboard no longer reads every account to show twenty.
 */
export async function usersPage({
  q,
  page,
  pageSize,
}: Required<Pick<UserListQuery, 'page' | 'pageSize'>> & Pick<UserListQuery, 'q'>): Promise<{ users: UserDocument[]; total: number }> {
  const holds = q ? { $regex: literally(q), $options: 'i' } : undefined;
  const filter = holds ? { ...live, $or: [{ email: holds }, { name: holds }] } : live;
  const [users, total] = await Promise.all([
    User.find(filter)
      .sort({ createdAt: 1, _id: 1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<UserDocument[]>(),
    User.countDocuments(filter),
  ]);
  return { users, total };
}
