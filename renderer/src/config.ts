import { KafkaEnv, RedisEnv, ServiceEnv, ServiceUrl } from '@bazar/service-kit';
import { z } from 'zod';

export const RendererConfig = ServiceEnv.extend(KafkaEnv.shape)
  .extend(RedisEnv.shape)
  .extend({
    /** where the renderer's browser opens the storefront (nginx), e.g. http://127.0.0.1:8080 */
    STORE_URL: ServiceUrl,
    /** the Chromium it renders with: Debian's by default */
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** a page not rendered within this is answered 503, and nginx serves the client-rendered app */
    RENDER_TIMEOUT_MS: z.coerce.number().int().min(500).default(8_000),
    /** pages rendered at once; more wait their turn */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
  });
export type RendererConfig = z.infer<typeof RendererConfig>;
