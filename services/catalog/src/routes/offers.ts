import { NewOffer, type InsertAnswer, type Offer as OfferAnswer } from '@bazar/contracts';
import { requireAdmin, validate } from '@bazar/service-kit';
import { Router } from 'express';
import { Offer, toOfferAnswer, type OfferDocument } from '../model/offer';

export function offerRoutes(): Router {
  const router = Router();

  router.get('/alloffers', async (_req, res) => {
    const offers = await Offer.find().sort({ createdAt: 1, _id: 1 }).lean<OfferDocument[]>();
    res.json(offers.map(toOfferAnswer) satisfies OfferAnswer[]);
  });

  router.post('/offer', requireAdmin, validate({ body: NewOffer }), async (req, res) => {
    const created = await Offer.create(req.body);
    res.status(201).json({ acknowledged: true, insertedId: created._id.toString() } satisfies InsertAnswer);
  });

  return router;
}
