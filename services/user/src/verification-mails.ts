import type { Logger } from '@bazar/service-kit';
import type { RequestUser } from '@bazar/service-kit/http';
import type { Types } from 'mongoose';
import type { KeycloakAdmin } from './keycloak';
import { User } from './model/user';

/** The storefront syncs the account at every sign-in; the mail goes again only after this long. */
const RESEND_AFTER_MS = 15 * 60_000;

/**
 * Keycloak's verification mail (the store's email theme, through the realm's SMTP server) for an
 * account whose address is not verified yet: it may browse and fill its cart, but not order, until
 * it follows the link. Sent when the account syncs, once every RESEND_AFTER_MS at most, which the
 * user's record remembers (one conditional write, so two sign-ins at once send one mail).
 */
export class VerificationMails {
  constructor(
    private readonly keycloak: KeycloakAdmin,
    private readonly log: Logger,
  ) {}

  /** Starts sending, if due; the sync's answer does not wait for Keycloak's SMTP round trip. */
  sendIfDue(caller: RequestUser, userId: Types.ObjectId): void {
    if (caller.emailVerified) return;
    void this.send(caller.id, userId).catch((err: unknown) => {
      this.log.warn({ err, userId }, 'the verification mail could not be sent; it goes again at a sign-in after the wait');
    });
  }

  private async send(accountId: string, userId: Types.ObjectId): Promise<void> {
    const dueBefore = new Date(Date.now() - RESEND_AFTER_MS);
    const { modifiedCount } = await User.updateOne(
      { _id: userId, $or: [{ verificationMailAt: null }, { verificationMailAt: { $lt: dueBefore } }] },
      { $set: { verificationMailAt: new Date() } },
    );
    if (modifiedCount > 0) await this.keycloak.sendVerificationMail(accountId);
  }
}
