import { ServiceUrl, StandardServiceEnv } from '@bazar/service-kit';
import { z } from 'zod';

export const UserConfig = StandardServiceEnv.extend({
  KEYCLOAK_URL: ServiceUrl,
  KEYCLOAK_REALM: z.string().min(1),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1),
  /** origins a profile image URL may have besides a bare /media/ path: the store's public origins */
  MEDIA_ORIGINS: z
    .string()
    .default('http://localhost:8080')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((url) => new URL(url).origin))),
  /** Where the order mails go out (order-mails.ts): the SMTP server Keycloak's realm mails through
   *  too. The defaults are the local stack's mail sink (Mailpit), which delivers nothing. */
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(1025),
  /** the sender of the order mails, as Keycloak's realm sends its own (smtpServer.from) */
  MAIL_FROM: z.string().min(1).default('Bazar <no-reply@bazar.test>'),
  /** the store's address in the mails' links */
  STORE_URL: ServiceUrl.default('http://localhost:8080'),
});
export type UserConfig = typeof UserConfig._output;
