// A second order service process beside the stack's, for the tests that need two replicas at once or
// settings of their own (a short hold window).
import { startServiceReplica, stackEnv, type ServiceReplica } from '@bazar/testing';

export type OrderReplica = ServiceReplica;

export const startOrderReplica = (port: number, settings: Record<string, string> = {}) =>
  startServiceReplica('order', port, { CATALOG_URL: stackEnv.catalogUrl, CART_URL: stackEnv.cartUrl, ...settings });
