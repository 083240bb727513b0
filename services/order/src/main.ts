import { createService } from '@bazar/service-kit';
import { kafkaPart } from '@bazar/service-kit/kafka';
import { mongoPart } from '@bazar/service-kit/mongo';
import { redisPart } from '@bazar/service-kit/redis';
import { wireOrder } from './app';
import { OrderConfig } from './config';

void createService({
  name: 'order',
  parts: { mongo: mongoPart, redis: redisPart, kafka: kafkaPart },
  config: OrderConfig,
  wire: wireOrder,
}).run();
