import { createService } from '@bazar/service-kit';
import { wireCart } from './app';
import { CartConfig } from './config';

void createService({ name: 'cart', config: CartConfig, wire: wireCart }).run();
