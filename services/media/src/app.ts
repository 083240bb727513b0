import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { MediaConfig } from './config';

// POST /upload arrives with the catalog issue; until then the service runs with its database,
// Kafka and health endpoints only.
export function wireMedia(_context: ServiceContext<MediaConfig>): Wiring {
  return { routes: Router() };
}
