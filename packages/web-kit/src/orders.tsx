import { useEffect, useSyncExternalStore } from 'react';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { ORDER_STATUSES, ORDER_STREAM_EVENT, orderMoveRefused, type OrderStatus, type OrderStreamMessage } from '@bazar/contracts';
// Through the shared modules, not './api' or './session': this module is a federation singleton of
// its own, and must reach the page's one store, api and token getter.
import { currentAccessToken, serverMessage, useStore } from '@bazar/web-kit';
import { storefrontApi } from '@bazar/web-kit/api';
import { useTranslation } from '@bazar/web-kit/i18n';
import { coalesced } from './coalesced';

/** An order's status in the shop's words, in the active language. */
export function useOrderStatusLabel(): (status: OrderStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`orderStatus.${status}`);
}

const isOrderStatus = (status: unknown): status is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(status);

/** A refused move of an order (OrderMoveRefusal: moved meanwhile, it stands at `status`) as a Bangla
 *  page words it, naming where the order stands; undefined on an English page, which shows the
 *  server's words, and for any other refusal. `to` is the status the move asked for. The refusal is
 *  recognised by the contracts' words for it, compared whole: reworded, it falls back to the server's. */
export function useOrderMoveRefusal(): (error: unknown, to: OrderStatus) => string | undefined {
  const { t, i18n } = useTranslation('common');
  const label = useOrderStatusLabel();
  return (error, to) => {
    const standsAt = (error as { data?: { status?: unknown } } | undefined)?.data?.status;
    if (i18n.resolvedLanguage !== 'bn' || !isOrderStatus(standsAt) || serverMessage(error) !== orderMoveRefused(standsAt, to))
      return undefined;
    const status = label(standsAt);
    if (to === 'cancelled') return t('orderCantBeCancelled', { status });
    if (to === 'confirmed') return t('orderCantBeConfirmed', { status });
    return t('orderCantBecome', { status, to: label(to) });
  };
}

const ORDER_STATUS_LOOK: Record<OrderStatus, string> = {
  placed: 'bg-amber-100 text-amber-800',
  confirmed: 'bg-sky-100 text-sky-800',
  packed: 'bg-indigo-100 text-indigo-800',
  'out-for-delivery': 'bg-violet-100 text-violet-800',
  delivered: 'bg-brand-100 text-brand-800',
  cancelled: 'bg-red-100 text-red-800',
};

/** An order's status as a coloured pill, the same on My Orders and on the admin's Orders page. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const label = useOrderStatusLabel();
  return (
    <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${ORDER_STATUS_LOOK[status]}`}>
      {label(status)}
    </span>
  );
}

/** `live` while the stream is open; `connecting` before its first answer and between retries. */
export type OrderStreamState = 'connecting' | 'live';

type Dispatch = (action: ReturnType<typeof storefrontApi.util.invalidateTags>) => unknown;

// One stream per tab, whoever listens (My Orders, the admin's Orders page): opened by the first
// listener, closed with the last.
let listeners = 0;
let stream: AbortController | undefined;
let state: OrderStreamState = 'connecting';
const watchers = new Set<() => void>();

function setState(next: OrderStreamState) {
  state = next;
  for (const watcher of watchers) watcher();
}

/** EventSource cannot send an Authorization header; fetch can, and asks for a fresh token on
 *  every (re)connection, so a stream that outlives a token reconnects with the next one. */
const fetchWithToken: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const token = await currentAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers });
};

const changeIn = (data: string): Partial<OrderStreamMessage> => {
  try {
    return JSON.parse(data) as Partial<OrderStreamMessage>;
  } catch {
    return {};
  }
};

/** How often a live page reads the orders again at most. Every order's placing and confirming is
 *  streamed to the admin, 40 changes a second at 20 orders a second, and reading the Orders page's
 *  list and summary again on each kept them read back to back (2.6 times a second each): FerretDB's
 *  CPU an order went from 11.5 to 34 ms and the order service's from 11 to 20, with one admin
 *  watching. A shopper's own change still shows at once. */
const REREAD_AT_MOST_EVERY_MS = 2_000;

function open(dispatch: Dispatch): AbortController {
  const controller = new AbortController();
  const stale = coalesced<'Order' | 'Product'>(
    (tags) => dispatch(storefrontApi.util.invalidateTags(tags)),
    REREAD_AT_MOST_EVERY_MS,
    controller.signal,
  );
  let failures = 0;
  void fetchEventSource('/api/orders/live', {
    signal: controller.signal,
    fetch: fetchWithToken,
    // The library's default closes the stream while the tab is hidden and reopens it when shown,
    // but a retry already scheduled then opens a second stream that is never closed.
    openWhenHidden: true,
    async onopen(response) {
      if (!response.ok || !response.headers.get('content-type')?.startsWith(EventStreamContentType)) {
        throw new Error(`The order stream answered ${response.status}`);
      }
      failures = 0;
      setState('live');
      // A change made before this stream opened (while the page loaded, or while it was away)
      // was never heard: read the orders again now that nothing more can be missed.
      stale('Order');
    },
    onmessage(message) {
      if (message.event !== ORDER_STREAM_EVENT) return;
      // A cancelled order's units are back on the shelf.
      if (changeIn(message.data).status === 'cancelled') stale('Order', 'Product');
      else stale('Order');
    },
    onclose() {
      // The server ended the stream (a restart, a deploy): throwing makes the library reconnect.
      throw new Error('The order stream closed');
    },
    onerror() {
      setState('connecting');
      failures += 1;
      // 1 s, 2 s, 4 s … at most 30 s between tries
      return Math.min(30_000, 1_000 * 2 ** (failures - 1));
    },
  });
  return controller;
}

function join(dispatch: Dispatch): () => void {
  listeners += 1;
  stream ??= open(dispatch);
  return () => {
    listeners -= 1;
    if (listeners > 0) return;
    stream?.abort();
    stream = undefined;
    setState('connecting');
  };
}

function watch(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * Keeps the signed-in user's orders live while the calling component is mounted: on every status
 * change the server streams (`GET /api/orders/live`, Server-Sent Events) the 'Order' tag is
 * invalidated, so every order query refetches (the changes of a busy moment together, at most every
 * REREAD_AT_MOST_EVERY_MS); a cancellation also refreshes the products' stock.
 * One stream per tab, reconnecting by itself; answers whether it is open now.
 */
export function useOrderStream(): OrderStreamState {
  const { dispatch } = useStore();
  useEffect(() => join(dispatch), [dispatch]);
  return useSyncExternalStore(watch, () => state);
}

/** Whether the page hears of order changes as they happen, or is (re)connecting. */
export function LiveBadge({ state }: { state: OrderStreamState }) {
  const { t } = useTranslation('common');
  const live = state === 'live';
  return (
    <p className={`flex items-center gap-1.5 text-xs font-medium ${live ? 'text-brand-700' : 'text-stone-500'}`}>
      <span aria-hidden className={`size-2 rounded-full ${live ? 'bg-brand-500' : 'bg-stone-300'}`} />
      {live ? t('liveOn') : t('liveConnecting')}
    </p>
  );
}
