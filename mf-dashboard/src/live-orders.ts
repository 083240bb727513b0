import type { OrderChangeTaker } from '@bazar/web-kit/orders';
import { dashboardApi, listOrderMove } from './api';

/** The day, YYYY-MM-DD, an instant falls on in Bangladesh (UTC+6 all year), as the summary's `today`. */
const dayInDhaka = (at: string) => new Date(Date.parse(at) + 6 * 3_600_000).toISOString().slice(0, 10);

/**
 * The admin's Orders page takes a change of the live stream in from its message (issue 53): the
 * order's row moves on where a page of the list holds it, and the counts per status move from
 * `previous` to `status`. It reads again only what the message cannot tell: a list the order may
 * enter or leaves (a new order on the first page, a list filtered by status), and today's figures
 * for a new order, or for a cancelled one it holds no copy of (whose total leaves today's revenue).
 * At 20 orders a second that is the list and the figures every 2 s at most, as before.
 */
export const takeOrderChange: OrderChangeTaker = (change, { dispatch, reread }) => {
  dispatch(((thunkDispatch: (action: unknown) => unknown, getState: Parameters<typeof listOrderMove>[2]) => {
    const { before, listsStale } = listOrderMove(change, thunkDispatch, getState);
    if (listsStale) reread('Order:list');
    let figuresStale = false;
    thunkDispatch(
      dashboardApi.util.updateQueryData('getOrderSummary', undefined, (summary) => {
        const { previous, status } = change;
        if (previous === undefined || (status === 'cancelled' && !before)) return void (figuresStale = true);
        summary.byStatus[previous] = (summary.byStatus[previous] ?? 0) - 1;
        summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1;
        // revenue is today's orders not cancelled
        if (status === 'cancelled' && before && dayInDhaka(before.placedAt) === summary.today) summary.todayRevenue -= before.total;
      }),
    );
    if (figuresStale) reread('Order:summary');
  }) as unknown);
};
