import { API, type Profile as ProfileAnswer, type ProfileUpdateAnswer } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { currentUser, endpointRouter, fieldRefusal } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { handedName } from '../handed-name';
import { Profile, toProfileAnswer, type ProfileDocument } from '../model/profile';

/** Profiles: `mediaOrigins` are the origins an absolute image URL may have (the store's own). */
export function profileRoutes(mediaOrigins: readonly string[], log: Logger): Router {
  const router = endpointRouter();

  router.implement(API.myProfile, async (req, res) => {
    const profiles = await Profile.find({ email: req.params.email }).lean<ProfileDocument[]>();
    res.json(profiles.map(toProfileAnswer) satisfies ProfileAnswer[]);
  });

  router.implement(API.updateProfile, async (req, res) => {
    const { email } = req.params;
    const { name, phone, address, img } = req.body;
    if (/^https?:/.test(img) && !mediaOrigins.includes(new URL(img).origin))
      throw fieldRefusal(400, 'not-an-uploaded-image', 'img', 'img must be an image uploaded to the store');
    const caller = currentUser(req);
    const profile = await Profile.findOneAndUpdate(
      { email },
      // without a name typed, Keycloak's, cleaned as at the sync
      { $set: { name: name || handedName(caller.name, log, caller.id), phone, address, img } },
      { upsert: true, returnDocument: 'after', lean: true },
    );
    res.json({ result: { acknowledged: true }, profile: toProfileAnswer(profile as ProfileDocument) } satisfies ProfileUpdateAnswer);
  });

  return router;
}
