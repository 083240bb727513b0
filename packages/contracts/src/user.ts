import { z } from 'zod';
import { BdMobilePhone, Email, ObjectIdString, Role, Text } from './common';

export const User = z.object({ _id: ObjectIdString, email: z.string(), role: Role, name: z.string() });
export type User = z.infer<typeof User>;
export const UserList = z.array(User);

/** PUT /users/{email}: the shopper's own record, synced after sign-in. */
export const SyncUser = z.object({ email: Email.optional(), name: z.string().trim().max(120).optional() });
export type SyncUser = z.infer<typeof SyncUser>;
export const SyncUserAnswer = z.object({ user: User });
export type SyncUserAnswer = z.infer<typeof SyncUserAnswer>;

export const AdminAnswer = z.object({ admin: z.boolean() });
export type AdminAnswer = z.infer<typeof AdminAnswer>;

/** Profile images come from our media service. */
export const MediaUrl = z.string().regex(/^(https?:\/\/[^/\s]+)?\/media\/[\w.-]+$/, 'img must be an image uploaded to the store');

export const ProfileUpdate = z.object({
  name: z.string().trim().max(120).optional(),
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
export const ProfileList = z.array(Profile);
export const ProfileUpdateAnswer = z.object({ result: z.object({ acknowledged: z.boolean() }), profile: Profile });
export type ProfileUpdateAnswer = z.infer<typeof ProfileUpdateAnswer>;

export const NewReview = z.object({ firstName: Text(60), lastName: Text(60), des: Text(2000) });
export type NewReview = z.infer<typeof NewReview>;
