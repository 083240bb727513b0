import path from 'node:path';
import { ServiceEnv, ServiceUrl } from '@bazar/service-kit';
import { z } from 'zod';

// every service's settings and its own: it takes none of the kit's database, Redis or Kafka
export const RendererConfig = ServiceEnv.extend({
  /** where the renderer's browser opens the storefront (nginx), e.g. http://127.0.0.1:8080 */
  STORE_URL: ServiceUrl,
  /** the catalog service inside the store, where the pages' catalog reads are asked again to learn
   *  whether they changed (src/page-reads.ts) */
  CATALOG_URL: ServiceUrl,
  /** the folder it keeps rendered pages in, which nginx serves them from: the stack's by default */
  RENDERED_DIR: z
    .string()
    .min(1)
    .default(path.resolve(__dirname, '..', '..', '.stack', 'rendered')),
  /** what renders the pages: React in the renderer's own process, from the apps' server builds
   *  (src/react-render.ts, docs/decisions/server-rendering.md), or its Chromium (src/render.ts) */
  RENDER_WITH: z.enum(['react', 'chromium']).default('react'),
  /** the Chromium it renders with when it renders with Chromium: Debian's by default */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** the account its Chromium runs as when the renderer runs as root, in Chromium's sandbox
   *  (src/chromium.ts); empty: as root, without the sandbox */
  CHROMIUM_USER: z.string().default('nobody'),
  /** a page not rendered within this is given up (nginx goes on serving the client-rendered app) */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  /** how often the pages kept are compared with the storefront's code and data */
  FRESHNESS_CHECK_MS: z.coerce.number().int().min(100).default(1_000),
  /** the JavaScript heap of its Chromium, in MiB */
  CHROMIUM_HEAP_MIB: z.coerce.number().int().min(32).default(96),
  /** its Chromium is started afresh after this many pages */
  RENDERS_PER_CHROMIUM: z.coerce.number().int().min(1).default(200),
});
export type RendererConfig = z.infer<typeof RendererConfig>;
