import { useEffect, useRef } from 'react';
import type { OrderStreamState } from '@bazar/web-kit/orders';

/**
 * Reads a failed answer of the Orders page again when the live stream opens again: the order
 * service serves both, so a stream back says the service is back. A stream that resumes where it
 * left off asks for no re-read itself, and a read that failed while the service was away (the
 * re-read after a refused move, say) would otherwise show its failure until the admin pressed Retry.
 * Once for each return of the stream, so a read that keeps failing is not repeated at once.
 */
export function useReadAgainWhenLive(live: OrderStreamState, read: { isError: boolean; refetch: () => unknown }): void {
  const { isError, refetch } = read;
  const before = useRef(live);
  useEffect(() => {
    const back = before.current !== 'live' && live === 'live';
    before.current = live;
    if (back && isError) refetch();
  }, [live, isError, refetch]);
}
