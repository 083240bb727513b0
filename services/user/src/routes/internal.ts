import { EmailParams, type RoleAnswer } from '@bazar/contracts';
import { notFound, validate } from '@bazar/service-kit';
import { Router } from 'express';
import { User, live, type UserDocument } from '../model/user';

/** Reads for the gateway over the internal network; the gateway's route table never exposes them. */
export function internalRoutes(): Router {
  return Router().get('/internal/role/:email', validate({ params: EmailParams }), async (req, res) => {
    const user = await User.findOne({ email: req.params.email, ...live }, { role: 1 }).lean<Pick<UserDocument, 'role'>>();
    if (!user) throw notFound('No such user');
    res.json({ role: user.role } satisfies RoleAnswer);
  });
}
