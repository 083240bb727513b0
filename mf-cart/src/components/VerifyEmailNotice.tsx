import { useEffect, useState } from 'react';
import { MailWarning } from 'lucide-react';
import { currentAccessToken, useShopper } from '@bazar/web-kit';
import { declaredMutation, storefrontApi } from '@bazar/web-kit/api';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate } from '@bazar/web-kit/i18n';
import { useCartText } from '../i18n';

const verificationApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({ resendVerificationMail: declaredMutation(build, 'resendVerificationMail') }),
  overrideExisting: 'throw',
});
const { useResendVerificationMailMutation } = verificationApi;

/** The sign-in's word on the account's address (its token's `email_verified`), which Place Order
 *  goes by: false while unverified, undefined until known or when signed out. */
function useEmailVerified(): boolean | undefined {
  const [verified, setVerified] = useState<boolean>();
  useEffect(() => {
    let shown = true;
    void currentAccessToken().then((token) => {
      if (shown) setVerified(emailVerifiedIn(token));
    });
    return () => void (shown = false);
  }, []);
  return verified;
}

function emailVerifiedIn(token: string | undefined): boolean | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { email_verified?: unknown };
    return typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined;
  } catch {
    return undefined;
  }
}

/**
 * On the cart and at the top of checkout, for an account whose address is not verified yet: it
 * cannot order until it follows the link of the verification mail, which a new shopper otherwise
 * learned only from Place Order's refusal, after filling the whole form. Offers the mail again.
 */
export function VerifyEmailNotice({ className = '' }: { className?: string }) {
  const shopper = useShopper();
  const verified = useEmailVerified();
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationMailMutation();
  const t = useCartText();
  if (!shopper || verified !== false) return null;
  const answer = isSuccess
    ? t('verifyEmail.sent', { email: shopper.email })
    : error
      ? (refusalText(error) ?? translate('common:somethingWentWrong'))
      : '';
  return (
    <section
      aria-labelledby="verify-email-title"
      className={`flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 ${className}`}
    >
      <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex flex-col items-start gap-2">
        <h2 id="verify-email-title" className="font-semibold">
          {t('verifyEmail.title')}
        </h2>
        <p className="break-words">{t('verifyEmail.text', { email: shopper.email })}</p>
        <p role="status" className="empty:hidden">
          {answer}
        </p>
        <button
          type="button"
          disabled={isLoading || isSuccess}
          onClick={() => void resend()}
          className="rounded-full border border-amber-400 bg-white px-4 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60"
        >
          {t('verifyEmail.resend')}
        </button>
      </div>
    </section>
  );
}
