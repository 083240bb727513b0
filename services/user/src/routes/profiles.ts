import { EmailParams, ProfileUpdate, type Profile as ProfileAnswer, type ProfileUpdateAnswer } from '@bazar/contracts';
import { currentUser, fieldRefusal, forbidden, requireUser, validate } from '@bazar/service-kit';
import { Router, type Request } from 'express';
import { Profile, toProfileAnswer, type ProfileDocument } from '../model/profile';

function ownEmail(req: Request<EmailParams>): string {
  if (req.params.email !== currentUser(req).email) throw forbidden('You can only see and change your own profile');
  return req.params.email;
}

/** Profiles: `mediaOrigins` are the origins an absolute image URL may have (the store's own). */
export function profileRoutes(mediaOrigins: readonly string[]): Router {
  const router = Router();

  router.get('/myprofiledata/:email', requireUser, validate({ params: EmailParams }), async (req, res) => {
    const profiles = await Profile.find({ email: ownEmail(req) }).lean<ProfileDocument[]>();
    res.json(profiles.map(toProfileAnswer) satisfies ProfileAnswer[]);
  });

  router.put('/profiledata/:email', requireUser, validate({ params: EmailParams, body: ProfileUpdate }), async (req, res) => {
    const email = ownEmail(req);
    const { name, phone, address, img } = req.body;
    if (/^https?:/.test(img) && !mediaOrigins.includes(new URL(img).origin))
      throw fieldRefusal(400, 'img', 'img must be an image uploaded to the store');
    const profile = await Profile.findOneAndUpdate(
      { email },
      { $set: { name: name || currentUser(req).name, phone, address, img } },
      { upsert: true, new: true, lean: true },
    );
    res.json({ result: { acknowledged: true }, profile: toProfileAnswer(profile as ProfileDocument) } satisfies ProfileUpdateAnswer);
  });

  return router;
}
