import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { backfillVariants } from './backfill';
import type { MediaConfig } from './config';
import { uploadRoutes } from './routes/upload';
import { ImageStore } from './store';

export async function wireMedia({ config, log, redis }: ServiceContext<MediaConfig, 'mongo' | 'redis'>): Promise<Wiring> {
  const store = new ImageStore(config.MEDIA_DIR);
  await store.prepare();
  // not awaited: the service answers uploads meanwhile
  const stopping = new AbortController();
  const backfill = backfillVariants(store, log, stopping.signal).catch((err: unknown) => log.error({ err }, 'variant backfill stopped'));
  return {
    routes: [uploadRoutes(store, config.MEDIA_PUBLIC_PATH, log, { redis, perDay: config.SHOPPER_UPLOADS_PER_DAY })],
    stop: async () => {
      stopping.abort();
      await backfill;
    },
  };
}
