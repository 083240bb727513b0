import { StandardServiceEnv } from '@bazar/service-kit';

export const CatalogConfig = StandardServiceEnv;
export type CatalogConfig = typeof CatalogConfig._output;
