import { z } from 'zod';
import { BdMobilePhone, Email, ONE_LINE, ONE_LINE_MESSAGE, ObjectIdString, PersonName, Role, Text } from './common';

/** The store's languages: English and Bangla. */
export const ShopLanguage = z.enum(['en', 'bn']);
export type ShopLanguage = z.infer<typeof ShopLanguage>;

/** `language`: the one the shopper last chose in the store while signed in (none until they do). */
export const User = z.object({ _id: ObjectIdString, email: z.string(), role: Role, name: z.string(), language: ShopLanguage.optional() });
export type User = z.infer<typeof User>;
export const UserList = z.array(User);

/** PUT /users/{email}: the shopper's own record, synced after sign-in. The name is taken from the
 *  verified token when it carries one; the body's name is used only when it does not. A `language`
 *  is the shopper's choice, kept with the account; without one the record's stays as it was. */
export const SyncUser = z.strictObject({
  email: Email.optional(),
  name: PersonName(120).optional(),
  language: ShopLanguage.optional(),
});
export type SyncUser = z.infer<typeof SyncUser>;

/** The answer of PUT /users/{email}. The spec's client stored a `token` from this answer as its API
 *  credential; here the API credential is the Keycloak access token that keycloak-js already holds
 *  in memory and refreshes, so the sync answers no token of its own (a second credential would only
 *  be one more secret to keep and revoke). It answers the user's record and the role that counts. */
export const SyncUserAnswer = z.object({ user: User, role: Role });
export type SyncUserAnswer = z.infer<typeof SyncUserAnswer>;

/** POST /email-verification: where the verification mail went. */
export const VerificationMailAnswer = z.object({ sentTo: z.string() });
export type VerificationMailAnswer = z.infer<typeof VerificationMailAnswer>;

export const AdminAnswer = z.object({ admin: z.boolean() });
export type AdminAnswer = z.infer<typeof AdminAnswer>;

/** GET /internal/role/{email} of the user service (never routed by the gateway): the role the
 *  gateway enforces. */
export const RoleAnswer = z.object({ role: Role });
export type RoleAnswer = z.infer<typeof RoleAnswer>;

/** An image uploaded to the store: the media service's `/media/<file>` path, or the same path on an
 *  absolute http(s) URL (the user service also checks that URL's origin is the store's). */
export const MediaUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^/\s]+)?\/media\/[\w.-]+$/, 'img must be an image uploaded to the store')
  // the pattern lets through hosts no URL has (`http://[/media/a.webp`, a port over 65535)
  .refine((url) => url.startsWith('/') || isUrl(url), 'img must be an image uploaded to the store')
  .meta({
    description:
      "An image uploaded to the store (POST /upload's display_url): its /media/ path, or that path on one of the store's own origins",
  });

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export const ProfileUpdate = z.strictObject({
  name: PersonName(120).optional(),
  phone: BdMobilePhone,
  address: Text(300),
  img: MediaUrl,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const Profile = z.object({
  _id: ObjectIdString,
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  img: z.string(),
});
export type Profile = z.infer<typeof Profile>;
/** GET /myprofiledata/{email}: the spec's list of profile records; empty until the first update. */
export const ProfileList = z.array(Profile);
export const ProfileUpdateAnswer = z.object({ result: z.object({ acknowledged: z.boolean() }), profile: Profile });
export type ProfileUpdateAnswer = z.infer<typeof ProfileUpdateAnswer>;

export const NewReview = z.strictObject({
  firstName: Text(60).regex(ONE_LINE, ONE_LINE_MESSAGE),
  lastName: Text(60).regex(ONE_LINE, ONE_LINE_MESSAGE),
  des: Text(2000),
});
export type NewReview = z.infer<typeof NewReview>;

/** What the gateway reads of Keycloak's login form on its way through (the rest is Keycloak's):
 *  the account being signed in to, to count wrong passwords per address and account. */
export const SignInFormFields = z.object({ username: z.string().trim().toLowerCase().min(1).max(320) });
export type SignInFormFields = z.infer<typeof SignInFormFields>;
