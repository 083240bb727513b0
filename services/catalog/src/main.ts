import { createService } from '@bazar/service-kit';
import { wireCatalog } from './app';
import { CatalogConfig } from './config';

void createService({ name: 'catalog', config: CatalogConfig, wire: wireCatalog }).run();
