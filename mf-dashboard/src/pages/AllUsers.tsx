import { useId, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { confirmDanger, showNotice, Spinner, useShopper, LoadFailure } from '@bazar/web-kit';
import { refusalText } from '@bazar/web-kit/refusals';
import type { User } from '@bazar/contracts';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import { useGetUsersPageQuery } from '../admin-api';
import { useDeleteUserMutation, useMakeAdminMutation, useRemoveAdminMutation } from '../api';
import { Pager } from '../components/Pager';
import { useDashboardText } from '../i18n';

const COLUMNS = ['index', 'email', 'userType', 'id', 'action'] as const;
const PAGE_SIZE = 20;

const control =
  'w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

const oops = (error?: unknown) =>
  showNotice({ tone: 'error', title: translate('common:oops'), text: refusalText(error) ?? translate('common:somethingWentWrong') });

/** Every account for the admin, a page at a time, oldest first; the search (part of an email or a
 *  name, any case) and the pages are answered by the user service, which no longer sends every
 *  account at once. */
export function AllUsers() {
  const me = useShopper();
  const t = useDashboardText();
  const { formatNumber } = useFormats();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const users = useGetUsersPageQuery({ q: query || undefined, page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  }
  const [makeAdmin, promoting] = useMakeAdminMutation();
  const [removeAdmin, demoting] = useRemoveAdminMutation();
  const [deleteUser, deleting] = useDeleteUserMutation();
  // Also while the list refreshes after a change, so nobody acts on a row that is out of date.
  const busy = promoting.isLoading || demoting.isLoading || deleting.isLoading || users.isFetching;

  async function promote(user: User) {
    const result = await makeAdmin(user.email);
    if (result.data && result.data.modifiedCount > 0)
      void showNotice({ tone: 'success', title: t('madeAdmin'), text: user.email, autoCloseMs: 1500 });
    else void oops();
  }

  async function demote(user: User) {
    const self = user.email === me?.email;
    if (self && !(await confirmDanger({ title: t('areYouSure'), text: t('loseAdminPages'), confirmText: t('yesRemoveMyAdmin') }))) return;
    const result = await removeAdmin(user.email);
    // The user service says why it refuses, e.g. to demote the last admin.
    if (result.data && result.data.modifiedCount > 0)
      void showNotice({ tone: 'success', title: t('adminRemoved'), text: t('isUserNow', { email: user.email }), autoCloseMs: 1500 });
    else void oops(result.error);
  }

  async function remove(user: User) {
    const confirmed = await confirmDanger({
      title: t('areYouSure'),
      text: t('cantRevert'),
      confirmText: t('yesDelete'),
    });
    if (!confirmed) return;
    const result = await deleteUser(user._id);
    if (result.data?.deletedCount) {
      void showNotice({ tone: 'success', title: t('deleted'), text: t('userDeleted') });
      // the page's only account gone: the page before it
      if (users.data?.users.length === 1 && page > 1) setPage(page - 1);
    } else void oops(result.error);
  }

  if (users.isLoading) return <Spinner label={t('loadingUsers')} />;
  return (
    <section aria-labelledby="all-users">
      <h2 id="all-users" className="text-2xl font-bold text-stone-800">
        {t('links.allUsers')}
      </h2>
      <form role="search" aria-label={t('findUsers')} onSubmit={search} className="mt-4 flex max-w-xl items-end gap-2">
        <div className="min-w-0 flex-1 text-sm font-medium text-stone-700">
          <label htmlFor={searchId}>{t('userSearch')}</label>
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('userSearchPlaceholder')}
            className={`mt-1 ${control}`}
          />
        </div>
        <button type="submit" className="shrink-0 rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t('search')}
        </button>
      </form>
      {users.isError && <LoadFailure what={t('theUsers')} onRetry={() => void users.refetch()} className="mt-4" />}
      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.data?.users.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-6 text-center text-stone-500">
                  {t('noUsersMatch')}
                </td>
              </tr>
            )}
            {(users.data?.users ?? []).map((user, i) => {
              const admin = user.role === 'admin';
              const self = user.email === me?.email;
              return (
                <tr key={user._id} className="border-t border-stone-100">
                  <td className="px-3 py-2.5">{formatNumber((page - 1) * PAGE_SIZE + i + 1)}</td>
                  <td className="px-3 py-2.5 font-medium">{user.email}</td>
                  <td className="px-3 py-2.5">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${admin ? 'bg-brand-100 text-brand-800' : 'bg-stone-100 text-stone-600'}`}
                    >
                      {t(`role.${user.role}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2.5 font-mono text-xs text-stone-500">{user._id}</td>
                  <td className="px-3 py-2.5">
                    <div className="flex items-center gap-2">
                      {!admin && (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => void promote(user)}
                          className="rounded-full bg-brand-600 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-50"
                        >
                          {t('makeAdmin')}
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={busy || !admin}
                        title={admin ? undefined : t('notAnAdmin')}
                        onClick={() => void demote(user)}
                        className="rounded-full border border-brand-600 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:border-stone-200 disabled:text-stone-400 disabled:hover:bg-transparent"
                      >
                        {t('removeAdmin')}
                      </button>
                      <button
                        type="button"
                        aria-label={t('deleteUser', { email: user.email })}
                        title={self ? t('cannotDeleteSelf') : t('delete')}
                        disabled={busy || self}
                        onClick={() => void remove(user)}
                        className="ml-auto rounded-full p-2 text-red-600 hover:bg-red-50 disabled:text-stone-300 disabled:hover:bg-transparent"
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {users.data && (
        <Pager
          page={page}
          pages={pages}
          count={t('userCount', { count: users.data.total, formatted: formatNumber(users.data.total) })}
          onTurn={setPage}
        />
      )}
    </section>
  );
}
