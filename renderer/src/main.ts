import { createService } from '@bazar/service-kit';
import { wireRenderer } from './app';
import { RendererConfig } from './config';

// no database, no Redis, no events: pages in, files out
void createService({ name: 'renderer', parts: {}, config: RendererConfig, wire: wireRenderer }).run();
