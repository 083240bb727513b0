import {
  API,
  TOTAL_COUNT_HEADER,
  type AdminAnswer,
  type DeleteAnswer,
  type SyncUserAnswer,
  type UpdateAnswer,
  type User as UserAnswer,
} from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { conflict, currentUser, endpointRouter, fieldRefusal, forbidden, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey } from '@bazar/service-kit/mongo';
import type { Announcer } from '@bazar/service-kit/kafka';
import { REVOKED_ACCOUNT_TTL_SECONDS, revokedAccountKey, type Redis } from '@bazar/service-kit/redis';
import type { Router } from 'express';
import { Types } from 'mongoose';
import { roleChangedEntry, userDeletedEntry } from '../events/outbox';
import { handedName } from '../handed-name';
import { DeletedAccount } from '../model/deleted-account';
import { unlessLastAdmin } from '../model/last-admin';
import { User, live, toUserAnswer, type UserDocument } from '../model/user';
import type { VerificationMails } from '../verification-mails';
import { DEFAULT_USER_PAGE_SIZE, usersPage } from '../model/user-search';

async function liveUser(email: string): Promise<UserDocument> {
  const user = await User.findOne({ email, ...live }).lean<UserDocument>();
  if (!user) throw notFound('no-such-user', 'No such user');
  return user;
}

export function userRoutes(announcer: Announcer, redis: Redis, log: Logger, verificationMails: VerificationMails): Router {
  const router = endpointRouter();

  // the realm roles come in the gateway's identity token (currentUser), never from the caller
  router.implement(API.syncUser, async (req, res) => {
    const caller = currentUser(req);
    const { email } = req.params;
    if (req.body.email && req.body.email !== caller.email)
      throw fieldRefusal(403, 'own-account-only', 'email', 'You can only sync your own account');
    // Keycloak's name, cleaned of hidden characters (handed-name.ts); the body's was checked as typed text
    const name = (caller.name && handedName(caller.name, log, caller.id)) || req.body.name || '';
    const { language } = req.body;
    const known = { name, keycloakId: caller.id, ...(language && { language }) };

    const existing = await User.findOneAndUpdate({ email, ...live }, { $set: known }, { returnDocument: 'after' }).lean<UserDocument>();
    if (existing) {
      verificationMails.sendIfDue(caller, existing._id);
      return void res.json({ user: toUserAnswer(existing), role: existing.role } satisfies SyncUserAnswer);
    }
    if (await User.exists({ email })) throw conflict('account-being-deleted', 'This account is being deleted');
    if (await DeletedAccount.exists({ _id: caller.id })) throw forbidden('account-deleted', 'This account has been deleted');

    // The first admin comes from Keycloak: the realm role is in a token Keycloak signed and the
    // gateway verified, and only Keycloak's own administrators (or the realm import) can grant it.
    // It counts only when the user service has no record yet; from then on the record decides and
    // Keycloak's role follows it, so a stale token cannot promote anyone again.
    const role = caller.realmRoles.includes('admin') ? 'admin' : 'user';
    const _id = new Types.ObjectId();
    try {
      // an admin seeded here may have been looked up as a plain user already: say it changed
      const user = await announcer.create(
        User,
        { _id, email, role, ...known },
        role === 'admin' ? [roleChangedEntry({ _id, email }, role)] : [],
      );
      verificationMails.sendIfDue(caller, _id);
      res.status(201).json({ user: toUserAnswer(user.toObject()), role } satisfies SyncUserAnswer);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const raced = await liveUser(email); // a second sign-in created it a moment ago
      res.json({ user: toUserAnswer(raced), role: raced.role } satisfies SyncUserAnswer);
    }
  });

  router.implement(API.allUsers, async (req, res) => {
    const { q, page, pageSize } = req.query;
    // a plain call is the spec's every account; a page or a search asks for one page of them
    if (q === undefined && page === undefined && pageSize === undefined) {
      const users = await User.find(live).sort({ createdAt: 1, _id: 1 }).lean<UserDocument[]>();
      return void res.json(users.map(toUserAnswer) satisfies UserAnswer[]);
    }
    const { users, total } = await usersPage({ q, page: page ?? 1, pageSize: pageSize ?? DEFAULT_USER_PAGE_SIZE });
    res.set(TOTAL_COUNT_HEADER, String(total)).json(users.map(toUserAnswer) satisfies UserAnswer[]);
  });

  router.implement(API.isAdmin, async (req, res) => {
    const caller = currentUser(req);
    if (req.params.email !== caller.email && caller.role !== 'admin')
      throw forbidden('own-account-only', 'You can only ask about your own account');
    const user = await liveUser(req.params.email);
    res.json({ admin: user.role === 'admin' } satisfies AdminAnswer);
  });

  router.implement(API.makeAdmin, async (req, res) => {
    const user = await liveUser(req.params.email);
    const modifiedCount = await announcer.updateOne(User, { _id: user._id, role: 'user', ...live }, { $set: { role: 'admin' } }, [
      roleChangedEntry(user, 'admin'),
    ]);
    res.json({ acknowledged: true, modifiedCount } satisfies UpdateAnswer);
  });

  router.implement(API.removeAdmin, async (req, res) => {
    const user = await liveUser(req.params.email);
    // not an admin when asked: nothing to do
    if (user.role !== 'admin') return void res.json({ acknowledged: true, modifiedCount: 0 } satisfies UpdateAnswer);
    const modifiedCount = await unlessLastAdmin(user._id, 'The last admin cannot be demoted; make someone else an admin first', () =>
      announcer.updateOne(User, { _id: user._id, role: 'admin', ...live }, { $set: { role: 'user' } }, [roleChangedEntry(user, 'user')]),
    );
    res.json({ acknowledged: true, modifiedCount } satisfies UpdateAnswer);
  });

  router.implement(API.deleteUser, async (req, res) => {
    const user = await User.findOne({ _id: req.params.id, ...live }).lean<UserDocument>();
    if (!user) throw notFound('no-such-user', 'No such user');
    if (user.email === currentUser(req).email) throw conflict('cannot-delete-own-account', 'An admin cannot delete their own account');
    // the role read above: an admin is deleted only through the last-admin check
    const remove = () =>
      announcer.updateOne(User, { _id: user._id, role: user.role, ...live }, { $set: { deletedAt: new Date() } }, [userDeletedEntry(user)]);
    const modifiedCount =
      user.role === 'admin'
        ? await unlessLastAdmin(user._id, 'The last admin cannot be deleted; make someone else an admin first', remove)
        : await remove();
    if (modifiedCount > 0) {
      // the account's tokens stop at the gateway from the next request, not when they expire
      if (user.keycloakId)
        await redis
          .set(revokedAccountKey(user.keycloakId), '1', 'EX', REVOKED_ACCOUNT_TTL_SECONDS)
          .catch((err: unknown) =>
            log.warn({ err, userId: user._id }, 'could not revoke a deleted account’s tokens; they expire on their own'),
          );
    }
    res.json({ acknowledged: true, deletedCount: modifiedCount } satisfies DeleteAnswer);
  });

  return router;
}
