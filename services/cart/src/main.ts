import { createService } from '@bazar/service-kit';
import { kafkaPart } from '@bazar/service-kit/kafka';
import { mongoPart } from '@bazar/service-kit/mongo';
import { redisPart } from '@bazar/service-kit/redis';
import { wireCart } from './app';
import { CartConfig } from './config';

void createService({
  name: 'cart',
  parts: { mongo: mongoPart, redis: redisPart, kafka: kafkaPart },
  config: CartConfig,
  wire: wireCart,
}).run();
