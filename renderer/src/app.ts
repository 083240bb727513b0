import { Router } from 'express';
import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { z } from 'zod';
import type { RendererConfig } from './config';
import { startChromium } from './chromium';
import { languageOf } from './language';
import { PageRenderer } from './render';

/** A page's address as nginx passes it on: a path of the store, with its query. */
const PageAddress = z
  .string()
  .max(2048)
  .regex(/^\/(?!\/)[^\s#]*$/);

/**
 * The renderer's routes: every GET that is not one of the kit's own (/health, /ready, /metrics) is a
 * page of the store to render. nginx sends it only the public pages (infra/nginx/nginx.conf) and
 * serves the client-rendered app whenever the renderer answers anything but a page.
 */
export async function wireRenderer({ config, log }: ServiceContext<RendererConfig>): Promise<Wiring> {
  const chromium = await startChromium(config.CHROMIUM_PATH);
  const renderer = new PageRenderer(chromium.browser, {
    storeUrl: config.STORE_URL,
    timeoutMs: config.RENDER_TIMEOUT_MS,
    concurrency: config.RENDER_CONCURRENCY,
  });
  const routes = Router();
  routes.get('/{*page}', async (req, res) => {
    const address = PageAddress.safeParse(req.originalUrl);
    if (!address.success) return void res.status(400).json({ error: 'Not an address of the store' });
    const language = languageOf(req.get('cookie'), req.get('accept-language'));
    try {
      const html = await renderer.render(address.data, language);
      res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Language', 'Content-Language': language });
      res.type('html').send(html);
    } catch (error) {
      log.warn({ err: error, address: address.data }, 'page not rendered');
      res.status(503).json({ error: 'The page could not be rendered right now' });
    }
  });
  return { routes, stop: () => chromium.close() };
}
