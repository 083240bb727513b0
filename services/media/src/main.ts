import { createService } from '@bazar/service-kit';
import { wireMedia } from './app';
import { MediaConfig } from './config';

void createService({ name: 'media', config: MediaConfig, wire: wireMedia }).run();
