import { ProductLookup } from '@bazar/contracts';
import { requireService, validate } from '@bazar/service-kit/http';
import { Router } from 'express';
import type { ShelfCache } from '../shelf-cache';

/** Internal: the order service prices the lines of an order whose placement was settled without
 *  the hold's answer (never routed by the gateway). The answers are the shelf's own, as GET
 *  /product-details gives them one at a time. */
export function productLookupRoutes(shelf: ShelfCache): Router {
  const router = Router();

  router.post(
    '/internal/products/lookup',
    requireService({ at: 'catalog', from: ['order'] }),
    validate({ body: ProductLookup }),
    async (req, res) => {
      res.type('json').send(await shelf.answers(req.body.ids));
    },
  );

  return router;
}
