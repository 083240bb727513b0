import type { ServiceContext, Wiring } from '@bazar/service-kit';
import type { UserConfig } from './config';
import { keepKeycloakRoleInStep, removeDeletedAccount } from './events/keycloak-in-step';
import { mailOrderPlaced, mailOrderSteps } from './events/order-mails';
import { KeycloakAdmin } from './keycloak';
import { User } from './model/user';
import { OrderMails } from './order-mails';
import { addressRoutes } from './routes/addresses';
import { internalRoutes } from './routes/internal';
import { profileRoutes } from './routes/profiles';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/users';
import { verificationRoutes } from './routes/verification';
import { VerificationMails } from './verification-mails';

export function wireUser({ config, log, announcer, redis }: ServiceContext<UserConfig>): Wiring {
  const keycloak = new KeycloakAdmin(config);
  const orderMails = new OrderMails(config, log);
  const verificationMails = new VerificationMails(keycloak, log);
  return {
    routes: [
      userRoutes(announcer, redis, log, verificationMails),
      verificationRoutes(verificationMails),
      profileRoutes(config.MEDIA_ORIGINS, log),
      reviewRoutes(),
      addressRoutes(),
      internalRoutes(),
    ],
    consumers: [
      keepKeycloakRoleInStep(keycloak, log),
      removeDeletedAccount(keycloak),
      mailOrderPlaced(orderMails, log),
      mailOrderSteps(orderMails, log),
    ],
    outboxes: [User],
    stop: () => orderMails.close(),
  };
}
