import { NewReview, type InsertAnswer } from '@bazar/contracts';
import { currentUser, requireUser, validate } from '@bazar/service-kit';
import { Router } from 'express';
import { Review } from '../model/review';

export function reviewRoutes(): Router {
  return Router().post('/review', requireUser, validate({ body: NewReview }), async (req, res) => {
    const review = await Review.create({ ...req.body, authorId: currentUser(req).id });
    res.status(201).json({ acknowledged: true, insertedId: review._id.toString() } satisfies InsertAnswer);
  });
}
