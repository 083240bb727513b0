import { ORDER_STREAM_EVENT, type OrderStatusChanged, type OrderStreamMessage } from '@bazar/contracts';
import { currentUser } from '@bazar/service-kit';
import type { RequestHandler, Response } from 'express';

/** A comment line this often keeps the stream's idle connection open through the gateway and
 *  nginx (which close one silent for 30 and 60 s). */
const HEARTBEAT_MS = 15_000;

interface Listener {
  userId: string;
  everyOrder: boolean;
  res: Response;
}

/**
 * The status changes of orders, as Server-Sent Events, to the listeners connected to this replica:
 * a shopper hears of their own orders, an admin of every order. Every replica hears every
 * OrderStatusChanged (an `everyReplica` consumer), so it does not matter which one a listener is
 * connected to. The browser reconnects by itself and reloads the orders when it does.
 */
export class LiveOrders {
  private readonly listeners = new Set<Listener>();
  private readonly heartbeat = setInterval(() => this.listeners.forEach(({ res }) => res.write(': still here\n\n')), HEARTBEAT_MS).unref();

  /** GET: keeps the answer open and writes each change as it comes. */
  readonly stream: RequestHandler = (req, res) => {
    const user = currentUser(req);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx passes each event on at once instead of buffering the answer
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const listener: Listener = { userId: user.id, everyOrder: user.role === 'admin', res };
    this.listeners.add(listener);
    req.on('close', () => this.listeners.delete(listener));
  };

  publish({ occurredAt, payload }: OrderStatusChanged): void {
    const message: OrderStreamMessage = { orderId: payload.orderId, status: payload.status, at: occurredAt };
    const text = `event: ${ORDER_STREAM_EVENT}\ndata: ${JSON.stringify(message)}\n\n`;
    for (const { userId, everyOrder, res } of this.listeners) if (everyOrder || userId === payload.userId) res.write(text);
  }

  /** Ends every stream (the process is stopping; browsers reconnect to another replica). */
  close(): void {
    clearInterval(this.heartbeat);
    this.listeners.forEach(({ res }) => res.end());
    this.listeners.clear();
  }
}
