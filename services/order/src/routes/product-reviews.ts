import { API, MyProductReview, REVIEW_NEEDS_DELIVERY, type ReceivedProductReview } from '@bazar/contracts';
import { HttpError, InternalClient, currentUser, endpointRouter, forbidden, notFound, serviceCallHeaders } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { Order } from '../model/order';

/**
 * A shopper rates a product they received: this service alone knows that, from an order of theirs
 * holding the product that has been delivered (never from what the browser says). The review is
 * then handed to the catalog, which keeps it with the product's stars; a refusal changes nothing.
 */
export function productReviewRoutes(catalogUrls: string | readonly string[]): Router {
  const router = endpointRouter();
  const catalog = new InternalClient(catalogUrls, 'catalog');

  router.implement(API.reviewProduct, async (req, res) => {
    const user = currentUser(req);
    const productId = req.params.id;
    const received = await Order.exists({ userId: user.id, status: 'delivered', 'items.productId': productId });
    if (!received) throw forbidden('review-needs-delivery', REVIEW_NEEDS_DELIVERY);
    const review: ReceivedProductReview = { ...req.body, userId: user.id, name: firstNameOf(user.name) };
    const answer = await catalog.send('PUT', `/internal/product-reviews/${productId}`, {
      body: review,
      headers: serviceCallHeaders('order', 'catalog'),
    });
    if (answer.status === 404) throw notFound('no-such-product', 'No such product');
    if (answer.status >= 300)
      throw new HttpError(503, 'service-away', `The catalog service refused the review (${answer.status}); try again shortly`);
    res.json(MyProductReview.parse(answer.body));
  });

  return router;
}

/** The product page names a reviewer by their first name alone. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0]?.slice(0, 60) ?? '';
