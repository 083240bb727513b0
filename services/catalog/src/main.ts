import { createService } from '@bazar/service-kit';
import { kafkaPart } from '@bazar/service-kit/kafka';
import { mongoPart } from '@bazar/service-kit/mongo';
import { redisPart } from '@bazar/service-kit/redis';
import { wireCatalog } from './app';
import { CatalogConfig } from './config';

void createService({
  name: 'catalog',
  parts: { mongo: mongoPart, redis: redisPart, kafka: kafkaPart },
  config: CatalogConfig,
  wire: wireCatalog,
}).run();
