import { API, type DeliverySlot, type DeliverySlotList } from '@bazar/contracts';
import { endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import type { DeliverySlots } from '../delivery-slots';

/** Delivery slots: what a shopper may choose at checkout, and the capacities the admin sets. */
export function deliverySlotRoutes(slots: DeliverySlots): Router {
  const router = endpointRouter();

  router.implement(API.deliverySlots, async (_req, res) => {
    res.json((await slots.list()) satisfies DeliverySlotList);
  });

  router.implement(API.setDefaultSlotCapacity, async (req, res) => {
    res.json((await slots.setDefaultCapacity(req.body.capacity)) satisfies DeliverySlotList);
  });

  router.implement(API.setSlotCapacity, async (req, res) => {
    res.json((await slots.setCapacity(req.params.slot, req.body.capacity)) satisfies DeliverySlot);
  });

  return router;
}
