import {
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  stringDeserializers,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import mongoose, { Schema } from 'mongoose';
import type { z } from 'zod';
import { deadLetterTopic } from '@bazar/contracts';
import { dbCommandsOf } from '../db-commands';
import type { Logger } from '../logger';
import { countConsumedEvent, watchConsumerLag } from '../metrics';
import { currentTrace, runInEventTrace, traceparentOf } from '../trace';
import type { KafkaConnection } from './client';
import type { EventProducer } from './producer';

/** The ledger of applied events, in the consuming service's own database. */
const AppliedEvent = mongoose.model(
  'AppliedEvent',
  new Schema({ _id: { type: String, required: true }, topic: String, appliedAt: { type: Date, default: Date.now } }, { versionKey: false }),
  'applied_events',
);

/** The consumer group of one service's handler of one topic; tools that watch a service's progress
 *  on a topic (its committed offsets) name it the same way. */
export const consumerGroupId = (service: string, topic: string) => `${service}.${topic}`;

export interface EventHandler<S extends z.ZodType<{ id: string }>> {
  topic: string;
  schema: S;
  /** Applies the event. It runs at most once per event id after success, but may run again if the
   *  process dies between applying and recording, so keep each write idempotent where it can be. */
  handle(event: z.infer<S>): Promise<void>;
  /** No ledger entry is kept, because the effect is harmless to repeat (dropping a cache key: a
   *  process without a database, the gateway, can consume too) or the handler recognises a repeat
   *  itself, in the same write as its effect. The ledger costs two reads and writes per event. */
  repeatable?: boolean;
  /** The events the handler acts on, where it ignores some of its topic's (a mail sent for two of an
   *  order's steps out of six): the others are passed over without `handle`, and so without the
   *  ledger's read and write, two commands an event. */
  appliesTo?(event: z.infer<S>): boolean;
  /** Every replica of the service hears every event (a consumer group of its own, from the events
   *  published after it starts, no ledger): for effects local to a process, such as the live
   *  streams its clients hold open. */
  everyReplica?: boolean;
  /** Called each time the consumer has (re)joined its group and fixed the offsets it reads from
   *  (its first fetch is done): a process that keeps a copy of what the events change loads it then,
   *  and no event published after that load began is missed. */
  joined?(): Promise<void>;
}

interface ConsumerOptions<S extends z.ZodType<{ id: string }>> {
  kafka: KafkaConnection;
  /** consumer group, also the namespace of this handler's ledger entries */
  groupId: string;
  handler: EventHandler<S>;
  producer: EventProducer;
  log: Logger;
  /** how long the broker holds a fetch that finds no new message. A message that arrives meanwhile
   *  ends the wait at once, so this sets the idle load, not the lag: a short wait only makes idle
   *  consumers ask again and again with no traffic at all. Kept under the 10 s health window. */
  maxWaitTimeInMs?: number;
  retryDelayMs?: number;
}

/** How long applied offsets wait to be committed together. A commit is a request the broker writes
 *  to its offsets log; one per fetched batch was one per event at a steady order rate (each order's
 *  events come alone), while every handler skips an event it sees again (ledger or idempotent
 *  write), so after a crash re-reading this much is harmless. */
const COMMIT_DELAY_MS = 250;
/** Event ids an every-replica handler remembers having applied: a repeat comes seconds after its
 *  first, among at most a few thousand events. */
const RECENT_EVENTS_KEPT = 10_000;

/** A consumed message, its key, value and headers read as strings. */
export type ConsumedMessage = Message<string, string, string, string>;

/** Consumes one topic at least once and applies each event once: messages that do not parse or
 *  fail the contract go to `<topic>.dlq`; ids already in the ledger are skipped; the offset is
 *  committed only after the effect and its ledger entry are stored (or the message is
 *  dead-lettered), with the others applied within COMMIT_DELAY_MS. If the broker is away, the
 *  consumer keeps trying to come back until stopped. Each message is handled inside the trace of
 *  its `traceparent` header (a new trace without one), and an applied event of a traced request is
 *  logged; the lag per partition is kept for /metrics. */
export class EventConsumer<S extends z.ZodType<{ id: string }>> {
  private consumer: Consumer<string, string, string, string> | undefined;
  private stream: MessagesStream<string, string, string, string> | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private lastFetchAt = 0;
  private forgetLag: (() => void) | undefined;
  /** the last message applied, by partition, not yet committed (its commit covers those before it) */
  private readonly toCommit = new Map<number, ConsumedMessage>();
  /** the ids an every-replica handler applied last, oldest first */
  private readonly recentlyApplied = new Set<string>();
  private commitTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ConsumerOptions<S>) {}

  /** Joined and fetching in the last ten seconds. */
  get isHealthy(): boolean {
    return Date.now() - this.lastFetchAt < 10_000;
  }

  /** Has fixed the offsets it reads from: an event sent from now on reaches it. Until then an
   *  every-replica handler, which begins at the topic's end, would miss it. */
  get isListening(): boolean {
    return this.fetched;
  }
  private fetched = false;

  /** Runs in every replica, in a group of its own that begins at the topic's end. */
  get everyReplica(): boolean {
    return this.options.handler.everyReplica ?? false;
  }

  start(): void {
    void this.run();
  }

  private async run(): Promise<void> {
    const { kafka, groupId, handler, log, maxWaitTimeInMs = 2_000 } = this.options;
    const consumer = new Consumer({
      ...kafka,
      groupId,
      deserializers: stringDeserializers,
      autocommit: false,
      maxWaitTime: maxWaitTimeInMs,
      // a member that stops answering (killed) gives up its partitions after 10 s; its heartbeat a
      // third of that, as Kafka's own clients set them
      sessionTimeout: 10_000,
      heartbeatInterval: 3_000,
    });
    this.consumer = consumer;
    // The client also reports some failures as an 'error' event, one while it leaves a group in a
    // rebalance among them: unheard, that event ends the process. A failure of the consumer in use
    // starts it again as any other; one of a consumer being closed has nothing left to stop.
    consumer.on('error', (err: unknown) => {
      if (this.consumer === consumer) this.retryLater(err);
      else log.warn({ err, topic: handler.topic }, 'a consumer being closed failed');
    });
    // a (re)join fixes the offsets anew; joined() runs once they are
    let joining = false;
    consumer.on('consumer:group:join', () => (joining = true));
    this.forgetLag?.();
    this.forgetLag = watchConsumerLag(consumer, groupId, handler.topic);
    try {
      const stream = await consumer.consume({
        topics: [handler.topic],
        mode: MessagesStreamModes.COMMITTED,
        // a group's first start reads the topic from its beginning; an every-replica group is new at
        // each start and hears what is published from then on
        fallbackMode: handler.everyReplica ? MessagesStreamFallbackModes.LATEST : MessagesStreamFallbackModes.EARLIEST,
      });
      this.stream = stream;
      stream.on('fetch', () => (this.lastFetchAt = Date.now()));
      stream.on('offsets', () => {
        this.fetched = true;
        this.lastFetchAt = Date.now();
        if (!joining || !handler.joined) return;
        joining = false;
        handler.joined().catch((err: unknown) => log.error({ err, topic: handler.topic }, 'loading after joining failed'));
      });
      log.info({ topic: handler.topic, groupId }, 'consuming');
      // One message at a time, in the order of its partition; the offset after the last one applied
      // is committed soon after (COMMIT_DELAY_MS), with those of other partitions meanwhile. If one
      // fails, those before it are still committed, and the consumer starts again from it.
      for await (const message of stream as AsyncIterable<ConsumedMessage>) {
        if (this.stopped) break;
        await runInEventTrace(traceparentOf(message.headers), handler.topic, (traced) => this.apply(message, traced));
        this.commitSoon(message);
      }
      if (!this.stopped) this.retryLater(new Error('the stream of messages ended'));
    } catch (err) {
      this.retryLater(err);
    }
  }

  private commitSoon(message: ConsumedMessage): void {
    this.toCommit.set(message.partition, message);
    this.commitTimer ??= setTimeout(() => void this.commitApplied(), COMMIT_DELAY_MS);
  }

  /** Commits what was applied. A commit refused (the group rebalanced, the broker went away) is
   *  dropped: whoever reads those partitions next applies the events again, and skips them. */
  private async commitApplied(): Promise<void> {
    clearTimeout(this.commitTimer);
    this.commitTimer = undefined;
    if (this.toCommit.size === 0) return;
    const last = [...this.toCommit.values()];
    this.toCommit.clear();
    await Promise.all(
      last.map((message) =>
        Promise.resolve(message.commit()).catch((err: unknown) =>
          this.options.log.warn({ err, topic: this.options.handler.topic }, 'committing applied events failed; they may be applied again'),
        ),
      ),
    );
  }

  private retryLater(err: unknown): void {
    if (this.stopped) return;
    this.options.log.warn({ err, topic: this.options.handler.topic }, 'consumer down; retrying');
    void this.close();
    // one start again however many ways the failure showed (an 'error' event, then the stream's end)
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.run(), this.options.retryDelayMs ?? 2_000);
  }

  /** Commits what was applied, then leaves the group. */
  private async close(): Promise<void> {
    const { consumer, stream } = this;
    this.consumer = undefined;
    this.stream = undefined;
    await this.commitApplied();
    await stream?.close().catch(() => undefined);
    await consumer?.close(true).catch((err: unknown) => this.options.log.warn({ err }, 'consumer disconnect failed'));
  }

  /** Applies one message. An event applied is logged when it belongs to a traced request (its
   *  message carries the trace), as the kit logs requests: a line per event, four an order, said
   *  nothing that the consumed-events counter does not. */
  private async apply(message: ConsumedMessage, traced: boolean): Promise<void> {
    const { handler, groupId, log } = this.options;
    const parsed = parseEvent(message, handler.schema);
    if (!parsed.ok) {
      // the durable consumer of the topic dead-letters it; a copy from every replica would be noise
      if (handler.everyReplica)
        return void log.warn({ topic: handler.topic, offset: String(message.offset), reason: parsed.reason }, 'unreadable event skipped');
      return this.deadLetter(message, parsed.reason);
    }

    const event = parsed.event;
    const where = { topic: handler.topic, partition: message.partition, offset: String(message.offset), eventId: event.id };
    if (handler.appliesTo && !handler.appliesTo(event)) {
      countConsumedEvent(handler.topic, 'passed-over');
      if (traced) log.info(where, 'event passed over');
      return;
    }
    if (handler.everyReplica) {
      // a process's own effect, so its own memory of what it applied: with several replicas of the
      // producer an event may be relayed twice (outbox.ts), seconds apart, and a live stream must
      // not show it twice
      if (this.recentlyApplied.has(event.id)) return void countConsumedEvent(handler.topic, 'skipped');
      await handler.handle(event);
      this.recentlyApplied.add(event.id);
      if (this.recentlyApplied.size > RECENT_EVENTS_KEPT) this.recentlyApplied.delete(this.recentlyApplied.values().next().value!);
    } else if (!handler.repeatable) {
      const ledgerId = `${groupId}/${event.id}`;
      if (await AppliedEvent.exists({ _id: ledgerId })) {
        countConsumedEvent(handler.topic, 'skipped');
        log.info(where, 'event already applied; skipped');
        return;
      }
      await handler.handle(event);
      await AppliedEvent.updateOne({ _id: ledgerId }, { $setOnInsert: { topic: handler.topic } }, { upsert: true });
    } else {
      await handler.handle(event);
    }
    countConsumedEvent(handler.topic, 'applied');
    if (traced) log.info({ ...where, ...dbCommandsOf(currentTrace()) }, 'event applied');
  }

  private async deadLetter(message: ConsumedMessage, reason: string): Promise<void> {
    const { handler, producer, log } = this.options;
    const offset = String(message.offset);
    log.warn({ topic: handler.topic, offset, reason }, 'unreadable event sent to the dead-letter topic');
    await producer.send({
      topic: deadLetterTopic(handler.topic),
      key: message.key ?? '',
      value: message.value ?? '',
      headers: { ...Object.fromEntries(message.headers), 'x-dlq-reason': reason, 'x-dlq-offset': offset },
    });
    countConsumedEvent(handler.topic, 'dead-lettered');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.close();
    this.forgetLag?.();
  }
}

type Parsed<T> = { ok: true; event: T } | { ok: false; reason: string };

function parseEvent<S extends z.ZodType>(message: ConsumedMessage, schema: S): Parsed<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(message.value ?? '');
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = schema.safeParse(json);
  return result.success
    ? { ok: true, event: result.data }
    : {
        ok: false,
        reason: result.error.issues
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')
          .slice(0, 500),
      };
}
