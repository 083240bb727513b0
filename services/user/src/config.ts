import { ServiceUrl, StandardServiceEnv } from '@bazar/service-kit';
import { z } from 'zod';

export const UserConfig = StandardServiceEnv.extend({
  KEYCLOAK_URL: ServiceUrl,
  KEYCLOAK_REALM: z.string().min(1),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1),
});
export type UserConfig = typeof UserConfig._output;
