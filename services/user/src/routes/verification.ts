import { API, type VerificationMailAnswer } from '@bazar/contracts';
import { conflict, currentUser, endpointRouter, HttpError, notFound } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { User, live, type UserDocument } from '../model/user';
import type { VerificationMails } from '../verification-mails';

/** The verification mail again, on the shopper's asking: the cart and checkout tell an account
 *  whose address is unverified that it cannot order yet, and offer this. */
export function verificationRoutes(verificationMails: VerificationMails): Router {
  const router = endpointRouter();

  router.implement(API.resendVerificationMail, async (req, res) => {
    const caller = currentUser(req);
    // the sign-in's word, as Place Order takes it
    if (caller.emailVerified) throw conflict('email-already-verified', 'Your email address is already verified');
    const user = await User.findOne({ email: caller.email, ...live })
      .select('_id')
      .lean<Pick<UserDocument, '_id'>>();
    if (!user) throw notFound('no-such-user', 'No such user');
    if (!(await verificationMails.sendOnAsk(caller.id, user._id)))
      throw new HttpError(
        429,
        'verification-mail-recent',
        'We sent you the link less than a minute ago; look in your inbox and your spam folder',
      );
    res.json({ sentTo: caller.email } satisfies VerificationMailAnswer);
  });

  return router;
}
