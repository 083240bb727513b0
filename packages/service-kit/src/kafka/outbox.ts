import { Schema, type Model, type UpdateQuery } from 'mongoose';
import type { Leases } from '../leases';
import type { Logger } from '../logger';
import { TRACEPARENT_HEADER, currentTraceparent, runOutsideTrace } from '../trace';
import { HAS_PENDING_EVENTS } from './pending';
import type { EventProducer } from './producer';

/** One event waiting on its document to be relayed to Kafka; it leaves the outbox once sent. */
export interface OutboxEntry {
  topic: string;
  key: string;
  event: { id: string; type: string; occurredAt: string; payload: unknown };
  /** the trace of the request (or event) that wrote the entry; the relay sends it as the message's
   *  `traceparent` header, so the consumers continue that trace */
  traceparent?: string;
}

/** What a writer gives: the entry without its relay state; the trace is added from the context. */
type NewOutboxEntry = Omit<OutboxEntry, 'traceparent'>;

/** Fields to add to a schema whose documents produce events. The event is written in the same
 *  single-document write as the change it reports (no transactions needed), keyed by event id;
 *  `outboxPending` lists the ids of the entries not yet sent.
 *
 *  Every write the relay makes filters on `_id` alone, a look-up in the `_id` index: a mark filtered
 *  on anything more read the whole collection on the local database, and grew slower with every
 *  order stored. Marking an entry sent is
 *  `$unset` + `$pull`, which a second relay repeating it cannot over-count. */
export const outboxFields = {
  outbox: {
    type: Map,
    of: new Schema<OutboxEntry>(
      {
        topic: { type: String, required: true },
        key: { type: String, required: true },
        event: { type: Schema.Types.Mixed, required: true },
        traceparent: { type: String },
      },
      { _id: false },
    ),
    default: () => new Map(),
  },
  outboxPending: { type: [String], default: () => [], index: true },
};

export interface OutboxDocument {
  outbox: Map<string, OutboxEntry>;
  outboxPending: string[];
}

export { HAS_PENDING_EVENTS };

/** A pending entry, stamped with the current trace if there is one. */
function pendingEntry(entry: NewOutboxEntry): OutboxEntry {
  const traceparent = currentTraceparent();
  return { ...entry, ...(traceparent && { traceparent }) };
}

/** The outbox fields of a new document carrying `events`. */
export function withOutbox(events: NewOutboxEntry[]): Pick<OutboxDocument, 'outbox' | 'outboxPending'> {
  return {
    outbox: new Map(events.map((e) => [e.event.id, pendingEntry(e)])),
    outboxPending: events.map((e) => e.event.id),
  };
}

/** A model whose schema includes `outboxFields`; its other fields (and virtuals: mongoose 9 types
 *  every inferred model with an `id` virtual) do not matter to the relay. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutboxModel = Model<any, object, object, any>;

interface RelayOptions {
  model: OutboxModel;
  producer: EventProducer;
  log: Logger;
  /** how often the whole collection is swept for events another replica left pending (it crashed
   *  between its write and its send); this replica's own are sent at once, or retried after a
   *  failed send, and swept when it starts */
  sweepIntervalMs?: number;
  /** how soon a pass that failed (Kafka down) is tried again */
  retryDelayMs?: number;
  batchSize?: number;
  /** how long a nudged document's events wait to be sent: the events of everything written
   *  meanwhile go in one Kafka request, and each consumer fetches them together */
  sendDelayMs?: number;
  /** the service's leases: one replica at a time makes the periodic sweep */
  leases?: Leases;
  /** how long sent entries wait to be taken out of their documents: the marks of everything sent
   *  meanwhile go in one database command, and a document written twice in that time (an order
   *  placed, then confirmed) is marked once */
  markDelayMs?: number;
}

/** At the target of 60 orders a second the order service writes an order every few milliseconds.
 *  Sent at once, its events would go one or two a Kafka request and each consumer would fetch them
 *  one at a time; held this long, they go several to a request and are fetched together, which
 *  costs Kafka far less CPU an order. */
const SEND_DELAY_MS = 25;

/** A document as a writer names it to the relay: by `_id`, with its whole outbox as the write left
 *  it when the writer has that at hand (a new document's, or the document an update answered), which
 *  the relay then sends without reading the document back. Never only the entries just added: an
 *  entry another replica wrote earlier and has not sent yet must go first, or a consumer would hear
 *  an order cancelled before it heard it placed. */
export type WrittenDocument = { _id: unknown } & Partial<OutboxDocument>;

/** Hands a document just written to the relay of its model (see `OutboxRelay.nudge`). */
export type NudgeOutbox = (model: OutboxModel, written: WrittenDocument) => void;

/** Entries sent and not yet taken out of their documents: document `_id` → its `_id` and event ids. */
type SentMarks = Map<string, { _id: unknown; eventIds: Set<string> }>;

type PendingDocument = { _id: unknown } & { outbox?: Map<string, OutboxEntry> | Record<string, OutboxEntry>; outboxPending?: string[] };

/** Publishes documents' pending outbox events and removes each one once sent. A writer names the
 *  document it wrote (`nudge`) and the relay sends its events at once, reading it by `_id` unless
 *  the writer handed over the entries it wrote. A failed pass (Kafka down) is followed by a sweep
 *  shortly after, until one succeeds, so nothing is lost while Kafka is down; a sweep at start and
 *  every minute finds what a crash left (between a write and its nudge, in any replica). Events may
 *  be sent twice (a crash between send and removal, two replicas): consumers skip repeats by event
 *  id. */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private sweepDue = true;
  /** documents written since the last pass, by `_id` */
  private readonly written = new Map<string, WrittenDocument>();
  /** entries sent and not yet taken out of their documents: document `_id` → its `_id` and event ids */
  private sent: SentMarks = new Map();
  /** marks whose command is on its way, and the last ones written: a document read before their
   *  command landed (an update's answer) still lists their entries, which are not to go again */
  private readonly marking = new Set<SentMarks>();
  private lastMarked: SentMarks = new Map();
  private markTimer: NodeJS.Timeout | undefined;
  private sendTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RelayOptions) {}

  start(): void {
    // Seldom: a sweep is a query of the whole collection (through the index on `outboxPending`)
    // and holds the service's one connection meanwhile.
    const every = this.options.sweepIntervalMs ?? 60_000;
    this.timer = setInterval(() => void this.sweepWhenHeld(every), every);
    this.sweep(); // what this replica left at its last stop or crash, whoever holds the lease
  }

  /** The periodic sweep, by the replica holding its lease (for three periods) only: each replica
   *  sends its own events at once, and the sweep is for those a crashed one left. */
  private async sweepWhenHeld(every: number): Promise<void> {
    const { leases, model } = this.options;
    if (!leases || (await leases.hold(`outbox sweep of ${model.modelName}`, every * 3))) this.sweep();
  }

  /** Relays the events of the document just written, with those of the others written within
   *  `sendDelayMs`. Two writes of one document before the pass are sent from the later answer. */
  nudge(written: WrittenDocument): void {
    const key = String(written._id);
    const earlier = this.written.get(key);
    this.written.set(key, earlier ? bothWrites(earlier, written) : written);
    this.sendTimer ??= setTimeout(() => {
      this.sendTimer = undefined;
      this.run();
    }, this.options.sendDelayMs ?? SEND_DELAY_MS);
  }

  /** Relays every pending event of the collection, now or right after the pass in progress. */
  sweep(): void {
    this.sweepDue = true;
    this.run();
  }

  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // A nudge comes from a request, but a pass relays every writer's events, each with its own trace.
    this.running = runOutsideTrace(() =>
      this.relayPending()
        .then(() => undefined)
        .catch((err: unknown) => {
          this.sweepDue = true; // what failed is found again by the next sweep
          this.options.log.warn({ err }, 'outbox relay will retry');
          clearTimeout(this.retryTimer);
          if (this.timer) this.retryTimer = setTimeout(() => this.sweep(), this.options.retryDelayMs ?? 2_000);
        })
        .finally(() => {
          this.running = undefined;
          if (this.again && this.timer) {
            this.again = false;
            this.run();
          }
        }),
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.sendTimer);
    this.timer = undefined;
    this.sendTimer = undefined;
    await this.running;
    // what was written last goes now, not at the next start's sweep
    if (this.written.size > 0)
      await this.relayPending().catch((err: unknown) =>
        this.options.log.warn({ err }, 'events left unsent at stop; the next sweep sends them'),
      );
    await this.markSent().catch((err: unknown) =>
      this.options.log.warn({ err }, 'sent events left unmarked; the next sweep sends them again'),
    );
  }

  /** Takes every entry sent so far out of its document, in one command. Marks that fail are kept
   *  for the next call; were the process to end first, the sweep would send those entries again,
   *  which consumers skip. */
  async markSent(): Promise<void> {
    clearTimeout(this.markTimer);
    this.markTimer = undefined;
    if (this.sent.size === 0) return;
    const marks = this.sent;
    this.sent = new Map();
    this.marking.add(marks);
    try {
      await this.options.model.bulkWrite(
        [...marks.values()].map(({ _id, eventIds }) => ({ updateOne: { filter: { _id }, update: markedSent([...eventIds]) } })),
        { ordered: false },
      );
      this.lastMarked = marks;
    } catch (err) {
      for (const mark of marks.values()) this.remember(mark._id, mark.eventIds);
      throw err;
    } finally {
      this.marking.delete(marks);
    }
  }

  private remember(_id: unknown, eventIds: Iterable<string>): void {
    const key = String(_id);
    const mark = this.sent.get(key) ?? { _id, eventIds: new Set<string>() };
    for (const id of eventIds) mark.eventIds.add(id);
    this.sent.set(key, mark);
  }

  private scheduleMarks(): void {
    this.markTimer ??= setTimeout(
      () => void this.markSent().catch((err: unknown) => this.options.log.warn({ err }, 'marking sent events failed; will retry')),
      this.options.markDelayMs ?? 500,
    ).unref(); // at exit, what is left unmarked is sent again by the next sweep
  }

  /** One pass: the documents nudged since the last one, and the whole collection when a sweep is
   *  due. The events of all of them go in one send (one Kafka request however many orders came in
   *  meanwhile); their marks follow with the next `markSent`, and entries already sent are not sent
   *  again meanwhile. Resolves with the number of events sent. */
  async relayPending(): Promise<number> {
    const { model, batchSize = 100 } = this.options;
    const nudged = [...this.written.values()];
    this.written.clear();
    const documents: PendingDocument[] = [];
    for (const written of nudged) {
      const document = written.outbox ? written : await model.findById(written._id).lean<PendingDocument>();
      if (document) documents.push(document);
    }
    if (this.sweepDue) {
      this.sweepDue = false;
      const nudgedIds = new Set(documents.map((document) => String(document._id)));
      const left = await model.find(HAS_PENDING_EVENTS).limit(batchSize).lean<PendingDocument[]>();
      documents.push(...left.filter((document) => !nudgedIds.has(String(document._id))));
    }
    const pending = documents.map((document) => ({ document, entries: this.unsent(document) })).filter(({ entries }) => entries.length > 0);
    if (pending.length === 0) return 0;
    await this.options.producer.send(
      ...pending.flatMap(({ entries }) =>
        entries.map(({ topic, key, event, traceparent }) => ({
          topic,
          key,
          value: JSON.stringify(event),
          ...(traceparent && { headers: { [TRACEPARENT_HEADER]: traceparent } }),
        })),
      ),
    );
    for (const { document, entries } of pending)
      this.remember(
        document._id,
        entries.map((entry) => entry.event.id),
      );
    this.scheduleMarks();
    return pending.reduce((sum, { entries }) => sum + entries.length, 0);
  }

  /** A document's pending entries that this relay has not sent already. */
  private unsent(document: PendingDocument): OutboxEntry[] {
    const key = String(document._id);
    const sent = [this.sent, ...this.marking, this.lastMarked].map((marks) => marks.get(key)?.eventIds);
    return pendingEntries(document).filter((entry) => !sent.some((ids) => ids?.has(entry.event.id)));
  }
}

/** The update that takes sent entries out of a document's outbox. */
function markedSent(sentIds: string[]): UpdateQuery<OutboxDocument> {
  return { $unset: Object.fromEntries(sentIds.map((id) => [`outbox.${id}`, 1])), $pullAll: { outboxPending: sentIds } };
}

/** The entries of a document still to send, in the order they were written (`outboxPending`). */
function pendingEntries({ outbox, outboxPending = [] }: PendingDocument): OutboxEntry[] {
  const entryOf = (id: string) => (outbox instanceof Map ? outbox.get(id) : outbox?.[id]);
  return outboxPending.map(entryOf).filter((entry) => entry !== undefined);
}

/** Two writes' answers of one document as one: the later answer, whichever came back first. A later
 *  write appends to what the earlier one left, so its answer lists every entry of the earlier one
 *  still pending. When neither answer lists all of the other's (entries sent and marked between the
 *  two writes), or one lacks its outbox, the document is read. */
function bothWrites(first: WrittenDocument, second: WrittenDocument): WrittenDocument {
  const listsAllOf = (later: WrittenDocument, earlier: WrittenDocument) =>
    later.outbox !== undefined &&
    earlier.outbox !== undefined &&
    (earlier.outboxPending ?? []).every((id) => later.outboxPending?.includes(id));
  if (listsAllOf(second, first)) return second;
  if (listsAllOf(first, second)) return first;
  return { _id: first._id };
}

/** An update with events added to the document's outbox, beside the update's own `$set` and `$push`. */
function withEvents(update: UpdateQuery<unknown>, events: NewOutboxEntry[]): UpdateQuery<unknown> {
  const { outbox, outboxPending } = withOutbox(events);
  const $set = Object.fromEntries([...outbox].map(([id, entry]) => [`outbox.${id}`, entry]));
  const $push = { outboxPending: { $each: outboxPending } };
  return { ...update, $set: { ...update.$set, ...$set }, $push: { ...update.$push, ...$push } };
}

/**
 * Writes that announce what they changed: the events go into the written document's outbox in the
 * same single-document write, and the relay is nudged once the write has landed (a write that
 * matched nothing announces nothing). The one way services write an event.
 */
export class Announcer {
  constructor(private readonly nudge: NudgeOutbox) {}

  /** Creates a document carrying `events`. */
  async create<M extends OutboxModel>(model: M, document: Record<string, unknown> & { _id: unknown }, events: NewOutboxEntry[]) {
    const outbox = withOutbox(events);
    const created = (await model.create({ ...document, ...outbox })) as ReturnType<M['hydrate']>;
    if (events.length > 0) this.nudge(model, { _id: document._id, ...outbox });
    return created;
  }

  /** `updateOne`, adding `events`; answers how many documents changed (0 or 1). */
  async updateOne(
    model: OutboxModel,
    filter: { _id: unknown } & Record<string, unknown>,
    update: UpdateQuery<unknown>,
    events: NewOutboxEntry[],
  ) {
    // the changed document goes to the relay: its outbox may still hold entries written before these
    return (await this.findOneAndUpdate(model, filter, update, events)) ? 1 : 0;
  }

  /** `findOneAndUpdate` answering the changed document (lean), adding `events`; null if none matched. */
  async findOneAndUpdate<T extends { _id: unknown }>(
    model: OutboxModel,
    filter: Record<string, unknown>,
    update: UpdateQuery<unknown>,
    events: NewOutboxEntry[],
  ): Promise<T | null> {
    const changed = await model
      .findOneAndUpdate(filter, withEvents(update, events), { returnDocument: 'after' })
      .lean<T & OutboxDocument>();
    if (changed) this.nudge(model, changed);
    return changed;
  }
}
