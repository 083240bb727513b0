import { Schema, type Model } from 'mongoose';
import type { Logger } from '../logger';
import { TRACEPARENT_HEADER, outgoingTraceparent, runOutsideTrace } from '../trace';
import type { EventProducer } from './producer';

/** One event waiting on its document to be relayed to Kafka. */
export interface OutboxEntry {
  topic: string;
  key: string;
  event: { id: string; type: string; occurredAt: string; payload: unknown };
  sentAt: Date | null;
  /** the trace of the request (or event) that wrote the entry; the relay sends it as the message's
   *  `traceparent` header, so the consumers continue that trace */
  traceparent?: string;
}

/** What a writer gives: the entry without its relay state; the trace is added from the context. */
type NewOutboxEntry = Omit<OutboxEntry, 'sentAt' | 'traceparent'>;

/** Fields to add to a schema whose documents produce events. The event is written in the same
 *  single-document write as the change it reports (no transactions needed), keyed by event id;
 *  `outboxPending` counts the entries not yet sent, so the relay finds them with one indexed query. */
export const outboxFields = {
  outbox: {
    type: Map,
    of: new Schema<OutboxEntry>(
      {
        topic: { type: String, required: true },
        key: { type: String, required: true },
        event: { type: Schema.Types.Mixed, required: true },
        sentAt: { type: Date, default: null },
        traceparent: { type: String },
      },
      { _id: false },
    ),
    default: () => new Map(),
  },
  outboxPending: { type: Number, default: 0, index: true },
};

export interface OutboxDocument {
  outbox: Map<string, OutboxEntry>;
  outboxPending: number;
}

/** A pending entry, stamped with the current trace if there is one. */
function pendingEntry(entry: NewOutboxEntry): OutboxEntry {
  const traceparent = outgoingTraceparent();
  return { ...entry, sentAt: null, ...(traceparent && { traceparent }) };
}

/** The outbox fields of a new document carrying `events`. */
export function withOutbox(events: NewOutboxEntry[]): Pick<OutboxDocument, 'outbox' | 'outboxPending'> {
  return {
    outbox: new Map(events.map((e) => [e.event.id, pendingEntry(e)])),
    outboxPending: events.length,
  };
}

/** The `$set`/`$inc` that appends events to an existing document's outbox in an update. */
export function outboxUpdate(events: NewOutboxEntry[]) {
  return {
    $set: Object.fromEntries(events.map((e) => [`outbox.${e.event.id}`, pendingEntry(e)])),
    $inc: { outboxPending: events.length },
  };
}

/** A model whose schema includes `outboxFields`; its other fields do not matter to the relay. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutboxModel = Model<any>;

interface RelayOptions {
  model: OutboxModel;
  producer: EventProducer;
  log: Logger;
  intervalMs?: number;
  batchSize?: number;
}

/** Publishes documents' pending outbox events and marks each one sent. Runs on an interval and
 *  right after a write (`nudge`); a failed send leaves the event pending for the next run, so
 *  nothing is lost while Kafka is down. Events may be sent twice (a crash between send and mark,
 *  two replicas): consumers skip repeats by event id. */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly options: RelayOptions) {}

  start(): void {
    this.timer = setInterval(() => this.nudge(), this.options.intervalMs ?? 1_000);
    this.nudge();
  }

  /** Runs the relay now, or once more after the run in progress. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // A nudge comes from a request, but a pass relays every writer's events, each with its own trace.
    this.running = runOutsideTrace(() =>
      this.relayPending()
        .then(() => undefined)
        .catch((err: unknown) => this.options.log.warn({ err }, 'outbox relay will retry'))
        .finally(() => {
          this.running = undefined;
          if (this.again && this.timer) {
            this.again = false;
            this.nudge();
          }
        }),
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over the pending documents; resolves with the number of events sent. */
  async relayPending(): Promise<number> {
    const { model, producer, batchSize = 100 } = this.options;
    const documents = await model
      .find({ outboxPending: { $gt: 0 } })
      .limit(batchSize)
      .lean<(OutboxDocument & { _id: unknown })[]>();
    let sent = 0;
    for (const document of documents) {
      const pending = Object.values(document.outbox ?? {}).filter((entry) => !entry.sentAt);
      if (pending.length === 0) continue;
      await producer.send(
        ...pending.map(({ topic, key, event, traceparent }) => ({
          topic,
          key,
          value: JSON.stringify(event),
          ...(traceparent && { headers: { [TRACEPARENT_HEADER]: traceparent } }),
        })),
      );
      for (const entry of pending) {
        const sentAtPath = `outbox.${entry.event.id}.sentAt`;
        await model.updateOne(
          { _id: document._id, [sentAtPath]: null },
          { $set: { [sentAtPath]: new Date() }, $inc: { outboxPending: -1 } },
        );
      }
      sent += pending.length;
    }
    return sent;
  }
}
