import { MailWarning } from 'lucide-react';
import { useShopper } from '@bazar/web-kit';
import { declaredMutation, storefrontApi } from '@bazar/web-kit/api';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate } from '@bazar/web-kit/i18n';
import { useCartText } from '../i18n';

const verificationApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({ resendVerificationMail: declaredMutation(build, 'resendVerificationMail') }),
  overrideExisting: 'throw',
});
const { useResendVerificationMailMutation } = verificationApi;

/**
 * On the cart and at the top of checkout, for an account whose address is not verified yet: it
 * cannot order until it follows the link of the verification mail, which a new shopper otherwise
 * learned only from Place Order's refusal, after filling the whole form. Offers the mail again.
 */
export function VerifyEmailNotice({ className = '' }: { className?: string }) {
  // the session's word on the address (the sign-in's token, followed as it is refreshed): a shell
  // that does not say shows no notice
  const shopper = useShopper();
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationMailMutation();
  const t = useCartText();
  if (shopper?.emailVerified !== false) return null;
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
