import { Router } from 'express';
import type { ServiceContext, Wiring } from '@bazar/service-kit';
import type { ErrorAnswer } from '@bazar/contracts';
import { z } from 'zod';
import type { RendererConfig } from './config';
import { KeptPages } from './kept-pages';
import { LANGUAGES } from './language';
import { ReactPageRenderer } from './react-render';

/** nginx asks for a page it has no rendered copy of: its address (a path of the store, with its
 *  query) and the language nginx decided the shopper's page is in. */
const Asked = z.object({
  address: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)[^\s#]*$/),
  language: z.enum(LANGUAGES),
});

/** How often a page waiting to be rendered is looked for (renders never overlap). */
const RENDER_TURN_MS = 100;

/**
 * The renderer keeps the public pages rendered as files nginx serves (KeptPages). nginx sends it
 * every GET of a public page it has no file for; it answers at once, 404 (nginx then serves the
 * client-rendered app), and renders the page in the background if it is one to keep.
 */
export function wireRenderer({ config, log }: ServiceContext<RendererConfig, never>): Wiring {
  const renderer = new ReactPageRenderer({ storeUrl: config.STORE_URL, timeoutMs: config.RENDER_TIMEOUT_MS });
  const pages = new KeptPages(config.RENDERED_DIR, renderer, { store: config.STORE_URL, catalog: config.CATALOG_URL }, log);
  const started = pages.start();

  const routes = Router();
  routes.get('/{*page}', async (req, res) => {
    const asked = Asked.safeParse({ address: req.originalUrl, language: req.get('x-page-language') });
    if (!asked.success)
      return void res
        .status(400)
        .json({ error: 'Not an address of the store in one of its languages', code: 'invalid-request' } satisfies ErrorAnswer);
    await started;
    pages.ask(asked.data.address, asked.data.language);
    res.status(404).json({ error: 'This page is not rendered yet', code: 'no-such-page' } satisfies ErrorAnswer);
  });
  return {
    routes: [routes],
    jobs: [
      { name: 'render the next page', everyMs: RENDER_TURN_MS, run: async () => (await started, pages.renderNext()) },
      {
        name: 'check the pages kept are fresh',
        everyMs: config.FRESHNESS_CHECK_MS,
        run: async () => (await started, pages.checkFreshness()),
      },
    ],
    stop: async () => {
      await pages.clear();
      await renderer.close();
    },
  };
}
