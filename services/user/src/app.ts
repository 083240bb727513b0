import type { ServiceContext, Wiring } from '@bazar/service-kit';
import type { UserConfig } from './config';
import { keepKeycloakRoleInStep, removeDeletedAccount } from './events/keycloak-in-step';
import { KeycloakAdmin } from './keycloak';
import { User } from './model/user';
import { addressRoutes } from './routes/addresses';
import { internalRoutes } from './routes/internal';
import { profileRoutes } from './routes/profiles';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/users';
import { VerificationMails } from './verification-mails';

export function wireUser({ config, log, announcer, redis }: ServiceContext<UserConfig>): Wiring {
  const keycloak = new KeycloakAdmin(config);
  return {
    routes: [
      userRoutes(announcer, redis, log, new VerificationMails(keycloak, log)),
      profileRoutes(config.MEDIA_ORIGINS, log),
      reviewRoutes(),
      addressRoutes(),
      internalRoutes(),
    ],
    consumers: [keepKeycloakRoleInStep(keycloak, log), removeDeletedAccount(keycloak)],
    outboxes: [User],
  };
}
