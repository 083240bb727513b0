import { createService } from '@bazar/service-kit';
import { wireRenderer } from './app';
import { RendererConfig } from './config';

void createService({ name: 'renderer', config: RendererConfig, database: false, wire: wireRenderer }).run();
