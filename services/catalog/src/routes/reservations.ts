import { IdParams, StockReservation, type StockReservationAnswer } from '@bazar/contracts';
import { requireService, validate } from '@bazar/service-kit/http';
import { Router } from 'express';
import type { StockReservations } from '../stock-reservations';

/** Internal: the order service holds and gives back an order's units (never routed by the gateway;
 *  the id is the order's reservation id), and prices the order from the products held. */
export function reservationRoutes(reservations: StockReservations): Router {
  const router = Router();
  // only the order service holds and gives back units: anyone else could empty the shelf or give
  // back a placed order's units (issue 53)
  const orderService = requireService({ at: 'catalog', from: ['order'] });

  router.post('/internal/reservations/:id', orderService, validate({ params: IdParams, body: StockReservation }), async (req, res) => {
    const products = await reservations.reserve(req.params.id, req.body.items);
    res.status(201).json({ reserved: true, products } satisfies StockReservationAnswer);
  });

  router.delete('/internal/reservations/:id', orderService, validate({ params: IdParams }), async (req, res) => {
    await reservations.release(req.params.id);
    res.json({ released: true });
  });

  return router;
}
