import { ServiceUrl, StandardServiceEnv } from '@bazar/service-kit';

export const CartConfig = StandardServiceEnv.extend({ CATALOG_URL: ServiceUrl });
export type CartConfig = typeof CartConfig._output;
