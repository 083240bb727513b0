import path from 'node:path';
import { ServiceEnv, ServiceUrl } from '@bazar/service-kit';
import { z } from 'zod';

// every service's settings and its own: it takes none of the kit's database, Redis or Kafka
export const RendererConfig = ServiceEnv.extend({
  /** the storefront (nginx), whose index.html, server builds and API its pages are rendered from,
   *  e.g. http://127.0.0.1:8080 */
  STORE_URL: ServiceUrl,
  /** the catalog service inside the store, where the pages' catalog reads are asked again to learn
   *  whether they changed (src/page-reads.ts) */
  CATALOG_URL: ServiceUrl,
  /** the folder it keeps rendered pages in, which nginx serves them from: the stack's by default */
  RENDERED_DIR: z
    .string()
    .min(1)
    .default(path.resolve(__dirname, '..', '..', '.stack', 'rendered')),
  /** a page not rendered within this is given up (nginx goes on serving the client-rendered app) */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  /** how often the pages kept are compared with the storefront's code and data */
  FRESHNESS_CHECK_MS: z.coerce.number().int().min(100).default(1_000),
});
export type RendererConfig = z.infer<typeof RendererConfig>;
