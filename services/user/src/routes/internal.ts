import { EmailParams, type RoleAnswer } from '@bazar/contracts';
import { notFound, requireService, validate } from '@bazar/service-kit/http';
import { Router } from 'express';
import { User, live, type UserDocument } from '../model/user';

/** Reads for the gateway over the internal network; the gateway's route table never exposes them. */
export function internalRoutes(): Router {
  // only the gateway asks: to anyone else the answer would say which addresses are admins (issue 53)
  return Router().get(
    '/internal/role/:email',
    requireService({ at: 'user', from: ['gateway'] }),
    validate({ params: EmailParams }),
    async (req, res) => {
      const user = await User.findOne({ email: req.params.email, ...live }, { role: 1 }).lean<Pick<UserDocument, 'role'>>();
      if (!user) throw notFound('no-such-user', 'No such user');
      res.json({ role: user.role } satisfies RoleAnswer);
    },
  );
}
