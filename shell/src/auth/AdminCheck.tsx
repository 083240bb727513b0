import { useEffect, useRef } from 'react';
import { showNotice } from '@bazar/web-kit';
import { useIsAdminQuery } from '@bazar/web-kit/api';
import { translate } from '@bazar/web-kit/i18n';
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
  const was = useRef(status);
  useEffect(() => {
    const before = was.current;
    if (status === 'checking') return;
    was.current = status;
    if (before === 'admin' && status === 'notAdmin') adminAccessEnded();
  }, [status]);
  return null;
}

/** The account lost the admin role while a page was open (asked again after a refusal or the end
 *  of the order stream; see the storefront api): the menus and guards have already dropped the
 *  admin's links and pages, the token that still names the role is replaced, and the person is
 *  told why the page changed under them. */
function adminAccessEnded() {
  void import('./keycloakSession').then(({ refreshSession }) => refreshSession()).catch(() => undefined);
  void showNotice({ tone: 'info', title: translate('shell:adminAccessEnded'), text: translate('shell:adminAccessEndedText') });
}

/** The user service answered (403, 404): not a failure to reach it. */
function refused(error: unknown): boolean {
  const code = (error as { status?: unknown } | undefined)?.status;
  return typeof code === 'number' && code >= 400 && code < 500;
}
