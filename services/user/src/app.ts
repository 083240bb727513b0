import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { UserConfig } from './config';

// Users, roles, profiles and reviews arrive with the identity issue; until then the service runs
// with its database, Kafka and health endpoints only.
export function wireUser(_context: ServiceContext<UserConfig>): Wiring {
  return { routes: Router() };
}
