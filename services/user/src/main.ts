import { createService } from '@bazar/service-kit';
import { kafkaPart } from '@bazar/service-kit/kafka';
import { mongoPart } from '@bazar/service-kit/mongo';
import { redisPart } from '@bazar/service-kit/redis';
import { wireUser } from './app';
import { UserConfig } from './config';

void createService({
  name: 'user',
  parts: { mongo: mongoPart, redis: redisPart, kafka: kafkaPart },
  config: UserConfig,
  wire: wireUser,
}).run();
