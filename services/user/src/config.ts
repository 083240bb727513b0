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
});
export type UserConfig = typeof UserConfig._output;
