import { data } from '@bazar/web-kit/routing';
import type { RemoteRoute } from '@bazar/web-kit';
import '../styles.css';
import { catalogApi } from '../api';
import ProductDetailsPage from './ProductDetailsPage';

/** /product-details/:id: the product is fetched before the page shows; an unknown id is a 404. */
const productDetailsRoute: RemoteRoute = (dispatch) => ({
  async loader({ params }) {
    const request = dispatch(catalogApi.endpoints.getProductDetails.initiate(params.id ?? ''));
    try {
      return await request.unwrap();
    } catch (error) {
      if (isUnknownProduct(error)) throw data('No such product', { status: 404 });
      throw error;
    } finally {
      // The page subscribes to the same cache entry as it renders.
      request.unsubscribe();
    }
  },
  Component: ProductDetailsPage,
});

export default productDetailsRoute;

/** 404 for an id nobody has, 400 for one that is not an id at all (a non-JSON answer keeps its
 *  code in `originalStatus`). */
function isUnknownProduct(error: unknown): boolean {
  const { status, originalStatus } = error as { status?: unknown; originalStatus?: unknown };
  const code = typeof status === 'number' ? status : originalStatus;
  return code === 404 || code === 400;
}
