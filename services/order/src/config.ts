import { ServiceUrl, StandardServiceEnv } from '@bazar/service-kit';

export const OrderConfig = StandardServiceEnv.extend({ CATALOG_URL: ServiceUrl, CART_URL: ServiceUrl });
export type OrderConfig = typeof OrderConfig._output;
