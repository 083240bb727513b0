import { Trash2 } from 'lucide-react';
import { confirmDanger, serverMessage, showNotice, Spinner, useShopper, LoadFailure } from '@bazar/web-kit';
import type { User } from '@bazar/contracts';
import { useDeleteUserMutation, useGetAllUsersQuery, useMakeAdminMutation, useRemoveAdminMutation } from '../api';

const oops = (error?: unknown) => showNotice({ tone: 'error', title: 'Oops...', text: serverMessage(error) ?? 'Something went wrong!' });

export function AllUsers() {
  const me = useShopper();
  const users = useGetAllUsersQuery();
  const [makeAdmin, promoting] = useMakeAdminMutation();
  const [removeAdmin, demoting] = useRemoveAdminMutation();
  const [deleteUser, deleting] = useDeleteUserMutation();
  // Also while the list refreshes after a change, so nobody acts on a row that is out of date.
  const busy = promoting.isLoading || demoting.isLoading || deleting.isLoading || users.isFetching;

  async function promote(user: User) {
    const result = await makeAdmin(user.email);
    if (result.data && result.data.modifiedCount > 0)
      void showNotice({ tone: 'success', title: 'Successfully made an admin', text: user.email, autoCloseMs: 1500 });
    else void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
  }

  async function demote(user: User) {
    const self = user.email === me?.email;
    if (
      self &&
      !(await confirmDanger({ title: 'Are you sure?', text: 'You will lose the admin pages.', confirmText: 'Yes, remove my admin role' }))
    )
      return;
    const result = await removeAdmin(user.email);
    // The user service says why it refuses, e.g. to demote the last admin.
    if (result.data && result.data.modifiedCount > 0)
      void showNotice({ tone: 'success', title: 'Admin role removed', text: `${user.email} is a user now.`, autoCloseMs: 1500 });
    else void oops(result.error);
  }

  async function remove(user: User) {
    const confirmed = await confirmDanger({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirmText: 'Yes, delete it!',
    });
    if (!confirmed) return;
    const result = await deleteUser(user._id);
    if (result.data?.deletedCount) void showNotice({ tone: 'success', title: 'Deleted!', text: 'User has been deleted.' });
    else void oops(result.error);
  }

  if (users.isLoading) return <Spinner label="Loading users" />;
  return (
    <section aria-labelledby="all-users">
      <h2 id="all-users" className="text-2xl font-bold text-stone-800">
        All Users
      </h2>
      {users.isError && <LoadFailure what="the users" onRetry={() => void users.refetch()} className="mt-4" />}
      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              {['#', 'Email', 'User Type', 'Id', 'Action'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(users.data ?? []).map((user, i) => {
              const admin = user.role === 'admin';
              const self = user.email === me?.email;
              return (
                <tr key={user._id} className="border-t border-stone-100">
                  <td className="px-3 py-2.5">{i + 1}</td>
                  <td className="px-3 py-2.5 font-medium">{user.email}</td>
                  <td className="px-3 py-2.5">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${admin ? 'bg-brand-100 text-brand-800' : 'bg-stone-100 text-stone-600'}`}
                    >
                      {user.role}
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
                          Make Admin
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={busy || !admin}
                        title={admin ? undefined : 'Not an admin'}
                        onClick={() => void demote(user)}
                        className="rounded-full border border-brand-600 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:border-stone-200 disabled:text-stone-400 disabled:hover:bg-transparent"
                      >
                        Remove Admin
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${user.email}`}
                        title={self ? 'You cannot delete your own account' : 'Delete'}
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
    </section>
  );
}
