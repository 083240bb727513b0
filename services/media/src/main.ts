import { createService } from '@bazar/service-kit';
import { mongoPart } from '@bazar/service-kit/mongo';
import { redisPart } from '@bazar/service-kit/redis';
import { wireMedia } from './app';
import { MediaConfig } from './config';

// the uploads' records and the shoppers' upload quota; no events
void createService({ name: 'media', parts: { mongo: mongoPart, redis: redisPart }, config: MediaConfig, wire: wireMedia }).run();
