import { API, type InsertAnswer } from '@bazar/contracts';
import { currentUser, endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { Review } from '../model/review';

export function reviewRoutes(): Router {
  return endpointRouter().implement(API.sendReview, async (req, res) => {
    const review = await Review.create({ ...req.body, authorId: currentUser(req).id });
    res.status(201).json({ acknowledged: true, insertedId: review._id.toString() } satisfies InsertAnswer);
  });
}
