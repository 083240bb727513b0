import { isRouteErrorResponse, useRevalidator, useRouteError } from '@bazar/web-kit/routing';
import { NotFound } from './NotFound';
import { RemoteUnavailable } from '../RemotePage';

/** A route whose loader or remote failed: not found for a 404, else the remote fallback. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error('Route failed', error);
  return <RemoteUnavailable onRetry={() => void revalidator.revalidate()} />;
}
