import { useEffect, useSyncExternalStore } from 'react';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  OBJECT_ID_PATTERN,
  ORDER_ACTORS,
  ORDER_STATUSES,
  ORDER_STREAM_EVENT,
  ORDER_STREAM_OPENED_EVENT,
  type Order,
  type OrderStatus,
  type OrderStreamMessage,
} from '@bazar/contracts';
// Through the shared modules, not './api' or './session': this module is a federation singleton of
// its own, and must reach the page's one store, api and token getter.
import { currentAccessToken, useStore, type SessionState } from '@bazar/web-kit';
import { refusalCode } from './refusalText';
import { ADMIN_CHECK_TAG, storefrontApi } from '@bazar/web-kit/api';
import { useTranslation } from '@bazar/web-kit/i18n';
import { coalesced } from './coalesced';

/** An order's status in the shop's words, in the active language. */
export function useOrderStatusLabel(): (status: OrderStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`orderStatus.${status}`);
}

const isOrderStatus = (status: unknown): status is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(status);

/** A refused move of an order (OrderMoveRefusal, code `order-move-refused`: moved meanwhile, it
 *  stands at `status`) as a Bangla page words it, naming where the order stands; undefined on an
 *  English page, which shows the server's words, and for any other refusal. `to` is the status the
 *  move asked for. */
export function useOrderMoveRefusal(): (error: unknown, to: OrderStatus) => string | undefined {
  const { t, i18n } = useTranslation('common');
  const label = useOrderStatusLabel();
  return (error, to) => {
    const standsAt = (error as { data?: { status?: unknown } } | undefined)?.data?.status;
    if (i18n.resolvedLanguage !== 'bn' || !isOrderStatus(standsAt) || refusalCode(error) !== 'order-move-refused') return undefined;
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

type Store = { dispatch: (action: ReturnType<typeof storefrontApi.util.invalidateTags>) => unknown; getState: () => unknown };

/** Whether the admin check last answered that the signed-in account is an admin. */
function checkedAdmin(store: Store): boolean {
  const state = store.getState() as Parameters<ReturnType<typeof storefrontApi.endpoints.isAdmin.select>>[0] & { session: SessionState };
  return (
    state.session.status === 'signedIn' && storefrontApi.endpoints.isAdmin.select(state.session.shopper.email)(state).data?.admin === true
  );
}

/** What a page may ask to read again: every order answer ('Order'), the products' stock, or only
 *  the order answers tagged with one id (`Order:summary` reads only the admin's figures again). */
export type Reread = 'Order' | 'Product' | `Order:${string}`;
const tagOf = (what: Reread) =>
  what.startsWith('Order:') ? { type: 'Order' as const, id: what.slice('Order:'.length) } : (what as 'Order' | 'Product');

/**
 * How a page takes one change of the stream into the orders it shows, from the message alone
 * (issue 53): it patches its cached answers (takeChangeInto) and asks `reread` only for what the
 * message cannot tell it: an order it holds no copy of (a new order on the admin's list, an order
 * placed in another tab), or a list filtered by status that the order leaves or enters. Rereads are
 * made together, at most every REREAD_AT_MOST_EVERY_MS.
 */
export type OrderChangeTaker = (
  change: OrderStreamMessage,
  page: { dispatch: (action: unknown) => unknown; reread: (...what: Reread[]) => void },
) => void;

/** Takes `change` into `order` (an immer draft of a cached answer): its new status, a step in its
 *  history, no hold once confirmed. False, and nothing changed, when the order already shows it (the
 *  page's own move, answered before the stream told it) or a later step. */
export function takeChangeInto(order: Order, change: OrderStreamMessage): boolean {
  const last = order.history.at(-1);
  if (order.status === change.status || (last && last.at > change.at)) return false;
  order.status = change.status;
  order.history.push({ status: change.status, at: change.at, by: change.by ?? 'admin' });
  if (change.status !== 'placed') delete order.holdUntil;
  return true;
}

// One stream per tab, whoever listens (My Orders, the admin's Orders page): opened by the first
// listener, closed with the last.
let listeners = 0;
let stream: AbortController | undefined;
let state: OrderStreamState = 'connecting';
const watchers = new Set<() => void>();
/** the listening pages' ways of taking a change in */
const takers = new Set<OrderChangeTaker>();

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

/** The stream's message (OrderStreamMessage), checked field by field: the schema itself would bring
 *  zod into every page that follows orders, and zod compiles its checks with eval, which the store's
 *  Content Security Policy refuses. */
const changeIn = (data: string): OrderStreamMessage | undefined => {
  let message: Partial<Record<keyof OrderStreamMessage, unknown>>;
  try {
    message = JSON.parse(data) as typeof message;
  } catch {
    return undefined;
  }
  const { orderId, status, at, by, previous } = message;
  const isActor = (actor: unknown) => (ORDER_ACTORS as readonly unknown[]).includes(actor);
  const wellFormed =
    typeof orderId === 'string' &&
    OBJECT_ID_PATTERN.test(orderId) &&
    isOrderStatus(status) &&
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    (by === undefined || isActor(by)) &&
    (previous === undefined || isOrderStatus(previous));
  return wellFormed ? (message as OrderStreamMessage) : undefined;
};

/** Whether the stream's opening message (OrderStreamOpened) says it caught up with every change. */
const resumedIn = (data: string): boolean => {
  try {
    return (JSON.parse(data) as { resumed?: unknown }).resumed === true;
  } catch {
    return false;
  }
};

/** How many positions of changes heard a page keeps to skip a change sent again: more than the
 *  server sends again on a reconnection (its changes of the 2 s before the position). */
const HEARD_KEPT = 5_000;

/** How often a live page reads its orders again at most, for the changes it could not take in
 *  from the message (an order it does not hold: on the admin's page, every new order). At 20 orders
 *  a second, reading the Orders page's list and summary again on each change kept them read back to
 *  back: the database's CPU an order went from 11.5 to 34 ms and the order service's from 11 to 20, with
 *  one admin watching. A change the page holds the order of is shown at once, without a read. */
const REREAD_AT_MOST_EVERY_MS = 2_000;
/** A stream the server ended after this long ended as planned (its identity expired, a replica
 *  stopping): the next one is opened at once, not after the back-off of a failing one. */
const LIVED_LONG_ENOUGH_MS = 5_000;

class StreamEnded extends Error {}

function open(store: Store): AbortController {
  const controller = new AbortController();
  const stale = coalesced<Reread>(
    (what) => store.dispatch(storefrontApi.util.invalidateTags(what.map(tagOf))),
    REREAD_AT_MOST_EVERY_MS,
    controller.signal,
  );
  let failures = 0;
  let openedAt = 0;
  /** the positions of the changes heard, the latest first forgotten last: a stream that catches up
   *  may send again a change heard just before it reconnected, which must not count twice (the
   *  admin's figures move by each change) */
  const heard = new Set<string>();
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
      openedAt = Date.now();
      setState('live');
    },
    onmessage(message) {
      // The stream's first message. The library sends back the last position heard (Last-Event-ID)
      // when it reconnects, and the server then first sends the changes made meanwhile and says the
      // stream `resumed`. Otherwise (the page's first stream, away longer than the server's log
      // keeps) a change made before this stream opened, while the page loaded or between streams,
      // was never heard: the orders are read again now that nothing more can be missed.
      if (message.event === ORDER_STREAM_OPENED_EVENT) {
        if (!resumedIn(message.data)) stale('Order');
        return;
      }
      if (message.event !== ORDER_STREAM_EVENT) return;
      if (message.id) {
        if (heard.has(message.id)) return;
        heard.add(message.id);
        if (heard.size > HEARD_KEPT) heard.delete(heard.values().next().value!);
      }
      const change = changeIn(message.data);
      if (change === undefined || takers.size === 0) stale('Order');
      else for (const take of takers) take(change, { dispatch: store.dispatch as (action: unknown) => unknown, reread: stale });
      // A cancelled order's units are back on the shelf.
      if (change?.status === 'cancelled') stale('Product');
    },
    onclose() {
      // The server ended the stream (its identity expired, its rights changed, a restart): throwing
      // makes the library reconnect, with a fresh token. An admin's stream ends when the account
      // loses the role: whether it is still an admin is asked again, so that an open dashboard
      // drops the admin's pages at once rather than at the next refusal.
      if (checkedAdmin(store)) store.dispatch(storefrontApi.util.invalidateTags([ADMIN_CHECK_TAG]));
      throw new StreamEnded('The order stream closed');
    },
    onerror(err) {
      setState('connecting');
      if (err instanceof StreamEnded && Date.now() - openedAt >= LIVED_LONG_ENOUGH_MS) return 0;
      failures += 1;
      // 1 s, 2 s, 4 s … at most 30 s between tries
      return Math.min(30_000, 1_000 * 2 ** (failures - 1));
    },
  });
  return controller;
}

function join(store: Store, take: OrderChangeTaker | undefined): () => void {
  listeners += 1;
  if (take) takers.add(take);
  stream ??= open(store);
  return () => {
    listeners -= 1;
    if (take) takers.delete(take);
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
 * Keeps the signed-in user's orders live while the calling component is mounted: every status
 * change the server streams (`GET /api/orders/live`, Server-Sent Events) is handed to `take`, which
 * shows it from the message itself; the orders are read again only for a change `take` could not
 * take in (at most every REREAD_AT_MOST_EVERY_MS), and when a stream opens without catching up
 * (the page's first, or after longer away than the server's log keeps). A
 * cancellation also refreshes the products' stock. Without `take`, every change is a re-read.
 * One stream per tab, reconnecting by itself; answers whether it is open now. `take` should keep
 * its identity between renders (a module-level function).
 */
export function useOrderStream(take?: OrderChangeTaker): OrderStreamState {
  const store = useStore();
  useEffect(() => join(store, take), [store, take]);
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
