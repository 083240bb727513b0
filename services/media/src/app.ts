import type { ServiceContext, Wiring } from '@bazar/service-kit';
import type { MediaConfig } from './config';
import { uploadRoutes } from './routes/upload';
import { ImageStore } from './store';

export async function wireMedia({ config, log }: ServiceContext<MediaConfig>): Promise<Wiring> {
  const store = new ImageStore(config.MEDIA_DIR);
  await store.prepare();
  return { routes: uploadRoutes(store, config.MEDIA_PUBLIC_PATH, log) };
}
