import { useEffect } from 'react';
import { useIsAdminQuery } from '@bazar/web-kit/api';
import type { AdminStatus } from './access';

/** Asks the user service whether the signed-in account is an admin (again when a role changes:
 *  the answer is tagged 'User'). A chunk of its own: it reads the api, which arrives after the
 *  first render. */
export default function AdminCheck({ email, onStatus }: { email: string; onStatus: (status: AdminStatus) => void }) {
  const check = useIsAdminQuery(email);
  const { refetch } = check;
  const status: AdminStatus['status'] = check.data
    ? check.data.admin
      ? 'admin'
      : 'notAdmin'
    : check.isError
      ? refused(check.error)
        ? 'notAdmin'
        : 'failed'
      : 'checking';
  useEffect(() => onStatus({ status, retry: () => void refetch() }), [status, refetch, onStatus]);
  return null;
}

/** The user service answered (403, 404): not a failure to reach it. */
function refused(error: unknown): boolean {
  const code = (error as { status?: unknown } | undefined)?.status;
  return typeof code === 'number' && code >= 400 && code < 500;
}
