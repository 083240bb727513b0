import { createService } from '@bazar/service-kit';
import { kafkaPart } from '@bazar/service-kit/kafka';
import { redisPart } from '@bazar/service-kit/redis';
import { wireGateway } from './app';
import { GatewayConfig } from './config';

// Bodies are streamed through to the services, never parsed here.
void createService({
  name: 'gateway',
  parts: { redis: redisPart, kafka: kafkaPart },
  config: GatewayConfig,
  jsonLimit: false,
  wire: wireGateway,
}).run();
