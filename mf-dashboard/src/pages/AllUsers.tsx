import { useState } from 'react';
import { Notice, Spinner, type NoticeMessage } from '@bazar/web-kit';
import { useGetAllUsersQuery, useMakeAdminMutation } from '../api';

export function AllUsers() {
  const { data: users = [], isLoading } = useGetAllUsersQuery();
  const [makeAdmin, promoting] = useMakeAdminMutation();
  const [notice, setNotice] = useState<NoticeMessage>();

  async function promote(email: string) {
    const result = await makeAdmin(email);
    setNotice(
      result.data && result.data.modifiedCount > 0
        ? { tone: 'success', title: 'Successfully made an admin', text: email, autoCloseMs: 1500 }
        : { tone: 'error', title: 'Oops...', text: 'Something went wrong!' },
    );
  }

  if (isLoading) return <Spinner label="Loading users" />;
  return (
    <section aria-labelledby="all-users">
      <h2 id="all-users" className="text-2xl font-bold text-stone-800">
        All Users
      </h2>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              {['#', 'Email', 'User Type', 'Id', 'Action'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2.5 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.map((user, i) => (
              <tr key={user._id} className="border-t border-stone-100">
                <td className="px-3 py-2.5">{i + 1}</td>
                <td className="px-3 py-2.5 font-medium">{user.email}</td>
                <td className="px-3 py-2.5">{user.role}</td>
                <td className="px-3 py-2.5 font-mono text-xs text-stone-500">{user._id}</td>
                <td className="px-3 py-2.5">
                  {user.role !== 'admin' && (
                    <button
                      type="button"
                      disabled={promoting.isLoading}
                      onClick={() => void promote(user.email)}
                      className="rounded-full bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
                    >
                      Make Admin
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Notice message={notice} onClose={() => setNotice(undefined)} />
    </section>
  );
}
