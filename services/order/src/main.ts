import { createService } from '@bazar/service-kit';
import { wireOrder } from './app';
import { OrderConfig } from './config';

void createService({ name: 'order', config: OrderConfig, wire: wireOrder }).run();
