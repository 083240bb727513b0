import { API, type InsertAnswer, type Offer as OfferAnswer } from '@bazar/contracts';
import { endpointRouter } from '@bazar/service-kit/http';
import { Router } from 'express';
import { Offer, toOfferAnswer, type OfferDocument } from '../model/offer';

export function offerRoutes(): Router {
  const router = endpointRouter();

  router.implement(API.listOffers, async (_req, res) => {
    const offers = await Offer.find().sort({ createdAt: 1, _id: 1 }).lean<OfferDocument[]>();
    res.json(offers.map(toOfferAnswer) satisfies OfferAnswer[]);
  });

  router.implement(API.publishOffer, async (req, res) => {
    const created = await Offer.create(req.body);
    res.status(201).json({ acknowledged: true, insertedId: created._id.toString() } satisfies InsertAnswer);
  });

  return router;
}
