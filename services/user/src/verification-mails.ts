import type { Logger } from '@bazar/service-kit';
import type { RequestUser } from '@bazar/service-kit/http';
import type { Types } from 'mongoose';
import type { KeycloakAdmin } from './keycloak';
import { User } from './model/user';

/** The storefront syncs the account at every sign-in; the mail goes again only after this long. */
const RESEND_AFTER_MS = 15 * 60_000;
/** A shopper who asks for the mail again (the cart's notice) gets it unless one went this recently:
 *  long enough for a mail to arrive, short enough for one that went astray. */
const RESEND_ON_ASK_AFTER_MS = 60_000;

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

  /** The shopper asked for the mail again: sent unless one went within RESEND_ON_ASK_AFTER_MS;
   *  answers false when one did. A mail Keycloak could not send does not count as sent, so the
   *  shopper may ask again at once. */
  async sendOnAsk(accountId: string, userId: Types.ObjectId): Promise<boolean> {
    const sentAt = await this.claim(userId, RESEND_ON_ASK_AFTER_MS);
    if (!sentAt) return false;
    try {
      await this.keycloak.sendVerificationMail(accountId);
      return true;
    } catch (err) {
      await User.updateOne({ _id: userId, verificationMailAt: sentAt }, { $set: { verificationMailAt: null } });
      throw err;
    }
  }

  private async send(accountId: string, userId: Types.ObjectId): Promise<void> {
    if (await this.claim(userId, RESEND_AFTER_MS)) await this.keycloak.sendVerificationMail(accountId);
  }

  /** Marks the mail as sent now unless one went within `wait` (one conditional write: of two at
   *  once, one wins); answers the time marked, or undefined when it is not due. */
  private async claim(userId: Types.ObjectId, wait: number): Promise<Date | undefined> {
    const now = new Date();
    const dueBefore = new Date(now.getTime() - wait);
    const { modifiedCount } = await User.updateOne(
      { _id: userId, $or: [{ verificationMailAt: null }, { verificationMailAt: { $lt: dueBefore } }] },
      { $set: { verificationMailAt: now } },
    );
    return modifiedCount > 0 ? now : undefined;
  }
}
