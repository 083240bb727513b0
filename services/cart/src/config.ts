import { ServiceUrls, StandardServiceEnv } from '@bazar/service-kit';

export const CartConfig = StandardServiceEnv.extend({ CATALOG_URL: ServiceUrls });
export type CartConfig = typeof CartConfig._output;
