import { createService } from '@bazar/service-kit';
import { wireUser } from './app';
import { UserConfig } from './config';

void createService({ name: 'user', config: UserConfig, wire: wireUser }).run();
