// The kit's event path against the stack's real database and Kafka: a document's outbox is relayed to
// Kafka, a consumer applies it once even when it is delivered twice, and a poison message lands
// in the dead-letter topic; the trace of the write travels with the event to the handler, and only
// an event of a traced write is logged as applied, with the database commands it sent; a handler
// passes over the events it does not act on, without a ledger entry. Without
// a reachable Kafka broker the relay cannot send, and this fails.
import { randomUUID } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { z } from 'zod';
import { deadLetterTopic } from '@bazar/contracts';
import { tallyCommandsByTrace } from '../db-commands';
import { createLogger } from '../logger';
import { currentTrace, formatTraceparent, newSpanId, newTraceId, runInTrace } from '../trace';
import { createKafka } from './client';
import { EventConsumer } from './consumer';
import { Announcer, OutboxRelay, outboxFields, withOutbox, type WrittenDocument } from './outbox';
import { EventProducer, newEvent } from './producer';
import { eventually, stackEnv } from '@bazar/testing';
import { deleteTopics, hearTopic, makeTopics } from '@bazar/testing/shop';

const topic = `kit-test-${randomUUID()}`;
/** what the kit logs here, one parsed line each */
const logged: { msg: string; eventId?: string; dbCommands?: Record<string, number> }[] = [];
const log = createLogger('kit-test', 'info', { write: (line: string) => void logged.push(JSON.parse(line)) });
/** how the kit's producer and consumers connect */
const kafka = createKafka('kit-test', stackEnv.kafkaBrokers);
const producer = new EventProducer(kafka, log);

const ParcelShipped = z.object({
  id: z.uuid(),
  type: z.literal('ParcelShipped'),
  occurredAt: z.iso.datetime(),
  payload: z.object({ parcelId: z.string() }),
});
const Parcel = mongoose.model('Parcel', new Schema({ label: String, ...outboxFields }), 'parcels');
const Delivery = mongoose.model('Delivery', new Schema({ parcelId: String, eventId: String, traceId: String }), 'deliveries');

const consumer = new EventConsumer({
  kafka,
  groupId: `kit-test.${topic}`,
  producer,
  log,
  handler: {
    topic,
    schema: ParcelShipped,
    handle: async (event) =>
      void (await Delivery.create({ parcelId: event.payload.parcelId, eventId: event.id, traceId: currentTrace()?.traceId })),
  },
});

/** A second group on the topic whose handler acts only on parcels marked for pick-up. */
const Pickup = mongoose.model('Pickup', new Schema({ parcelId: String }), 'pickups');
const pickups = new EventConsumer({
  kafka,
  groupId: `kit-test-pickups.${topic}`,
  producer,
  log,
  handler: {
    topic,
    schema: ParcelShipped,
    appliesTo: (event) => event.payload.parcelId.startsWith('pick-up'),
    handle: async (event) => void (await Pickup.create({ parcelId: event.payload.parcelId })),
  },
});

beforeAll(async () => {
  await mongoose.connect(stackEnv.mongoUrl, { dbName: 'kit_test', serverSelectionTimeoutMS: 5_000, monitorCommands: true });
  tallyCommandsByTrace(mongoose.connection);
  await makeTopics([
    { topic, partitions: 2 },
    { topic: deadLetterTopic(topic), partitions: 1 },
  ]);
  consumer.start();
});

afterAll(async () => {
  await consumer.stop();
  await producer.disconnect();
  await deleteTopics([topic, deadLetterTopic(topic)]).catch(() => undefined);
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
});

it('relays an outbox event to Kafka, takes it out of the outbox, and applies a duplicate delivery once', async () => {
  const parcelId = new mongoose.Types.ObjectId();
  const event = newEvent('ParcelShipped', { parcelId: parcelId.toString() });
  await Parcel.create({ _id: parcelId, label: 'rice', ...withOutbox([{ topic, key: parcelId.toString(), event }]) });

  const relay = new OutboxRelay({ model: Parcel, producer, log });
  expect(await relay.relayPending()).toBe(1);
  // sent, and not sent again while its mark waits to be written
  expect((await Parcel.findById(parcelId).lean())?.outboxPending).toEqual([event.id]);
  relay.sweep();
  expect(await relay.relayPending()).toBe(0);
  await relay.markSent();
  const stored = await Parcel.findById(parcelId).lean();
  expect(stored?.outboxPending).toEqual([]);
  expect(stored?.outbox).toEqual({});
  expect(await relay.relayPending()).toBe(0);

  await eventually(async () => expect(await Delivery.countDocuments({ eventId: event.id })).toBe(1));

  // the same event again, as after a lost commit or a relay crash between send and mark
  await producer.send({ topic, key: parcelId.toString(), value: JSON.stringify(event) });
  const marker = newEvent('ParcelShipped', { parcelId: 'marker' });
  await producer.send({ topic, key: parcelId.toString(), value: JSON.stringify(marker) });
  await eventually(async () => expect(await Delivery.countDocuments({ eventId: marker.id })).toBe(1));
  expect(await Delivery.countDocuments({ eventId: event.id })).toBe(1);
});

it('relays a nudged document at once, and one written without a nudge at the next sweep', async () => {
  const relay = new OutboxRelay({ model: Parcel, producer, log });
  await relay.relayPending(); // the first pass sweeps; the interval that sweeps again is not started
  const written = async (label: string) => {
    const _id = new mongoose.Types.ObjectId();
    const event = newEvent('ParcelShipped', { parcelId: _id.toString() });
    await Parcel.create({ _id, label, ...withOutbox([{ topic, key: _id.toString(), event }]) });
    return { _id, event };
  };
  const pendingOf = async (_id: mongoose.Types.ObjectId) => (await Parcel.findById(_id).lean())?.outboxPending;

  const nudged = await written('atta');
  const quiet = await written('salt');
  relay.nudge(nudged._id);
  await eventually(async () => expect(await Delivery.countDocuments({ eventId: nudged.event.id })).toBe(1));
  await eventually(async () => expect(await pendingOf(nudged._id)).toEqual([])); // marked a moment later
  expect(await pendingOf(quiet._id)).toEqual([quiet.event.id]);

  relay.sweep();
  await eventually(async () => expect(await Delivery.countDocuments({ eventId: quiet.event.id })).toBe(1));
  await relay.stop(); // writes the marks still waiting
  expect(await pendingOf(quiet._id)).toEqual([]);
});

// Two replicas: one wrote the parcel's first event and has not sent it yet (its relay is slow, or
// it stopped); the other adds a second. The second must not reach consumers before the first.
it.each(['findOneAndUpdate', 'updateOne'] as const)(
  'sends the events another replica left pending before the one an update adds (%s)',
  async (write) => {
    const _id = new mongoose.Types.ObjectId();
    const event = (n: number) => newEvent('ParcelShipped', { parcelId: `${_id.toString()}-${n}` });
    const first = event(1);
    await Parcel.create({ _id, label: 'sugar', ...withOutbox([{ topic, key: _id.toString(), event: first }]) });

    const otherReplica = new OutboxRelay({ model: Parcel, producer, log, markDelayMs: 60_000 });
    const announcer = new Announcer((_model, written) => otherReplica.nudge(written));
    const second = event(2);
    const entries = [{ topic, key: _id.toString(), event: second }];
    await (write === 'findOneAndUpdate'
      ? announcer.findOneAndUpdate(Parcel, { _id }, { $set: { label: 'sugar, 1 kg' } }, entries)
      : announcer.updateOne(Parcel, { _id }, { $set: { label: 'sugar, 1 kg' } }, entries));

    const deliveredIds = async () =>
      (await Delivery.find({ eventId: { $in: [first.id, second.id] } }).lean())
        .sort((a, b) => a._id.toString().localeCompare(b._id.toString()))
        .map((d) => d.eventId);
    await eventually(async () => expect(await deliveredIds()).toEqual([first.id, second.id]));
    await otherReplica.stop();
    expect((await Parcel.findById(_id).lean())?.outboxPending).toEqual([]);
  },
);

/** The kit's producer, counting the Kafka requests it makes and the messages in each. */
class CountingProducer extends EventProducer {
  readonly requests: number[] = [];
  override async send(...messages: Parameters<EventProducer['send']>) {
    this.requests.push(messages.length);
    return super.send(...messages);
  }
}

// At the store's busiest an order is written every few milliseconds. What is written within the
// relay's send delay goes in one Kafka request; two writes of one document are sent from their
// answers, whichever came back first, each event once and in the order written.
it('sends the events written within its delay in one request, each once and in order', async () => {
  const counting = new CountingProducer(kafka, log);
  const relay = new OutboxRelay({ model: Parcel, producer: counting, log, sendDelayMs: 1_000 });
  await relay.relayPending(); // the first pass sweeps what earlier tests left
  counting.requests.length = 0;
  const answers: WrittenDocument[] = [];
  const relayed = new Announcer((_model, written) => relay.nudge(written));
  const answered = new Announcer((_model, written) => void answers.push(written));
  const event = (parcel: string, n: number) => ({ topic, key: parcel, event: newEvent('ParcelShipped', { parcelId: `${parcel}-${n}` }) });
  const [lentils, oil, tea] = Array.from({ length: 3 }, () => new mongoose.Types.ObjectId());
  const written = [
    event(lentils!.toString(), 1),
    event(lentils!.toString(), 2),
    event(oil!.toString(), 1),
    event(tea!.toString(), 1),
    event(tea!.toString(), 2),
  ];

  await relayed.create(Parcel, { _id: lentils, label: 'lentils' }, [written[0]!]);
  await relayed.findOneAndUpdate(Parcel, { _id: lentils }, { $set: { label: 'lentils, 2 kg' } }, [written[1]!]);
  await relayed.create(Parcel, { _id: oil, label: 'oil' }, [written[2]!]);
  await answered.create(Parcel, { _id: tea, label: 'tea' }, [written[3]!]);
  await answered.findOneAndUpdate(Parcel, { _id: tea }, { $set: { label: 'tea, 400 g' } }, [written[4]!]);
  relay.nudge(answers[1]!); // the second write's answer first
  relay.nudge(answers[0]!);

  const ids = written.map((entry) => entry.event.id);
  const delivered = async () =>
    (await Delivery.find({ eventId: { $in: ids } }).lean())
      .sort((a, b) => a._id.toString().localeCompare(b._id.toString()))
      .map((d) => d.eventId);
  await eventually(async () => expect((await delivered()).sort()).toEqual([...ids].sort()));
  const order = await delivered();
  expect(order.indexOf(ids[0]!)).toBeLessThan(order.indexOf(ids[1]!));
  expect(order.indexOf(ids[3]!)).toBeLessThan(order.indexOf(ids[4]!));
  expect(counting.requests).toEqual([5]);
  await relay.stop();
  await counting.disconnect();
  for (const _id of [lentils, oil, tea]) expect((await Parcel.findById(_id).lean())?.outboxPending).toEqual([]);
});

it('sends a message that breaks the contract to the dead-letter topic and carries on', async () => {
  await producer.send({ topic, key: 'poison', value: '{"id":"not-a-uuid","type":"ParcelShipped"}' });
  const after = newEvent('ParcelShipped', { parcelId: 'after-poison' });
  await producer.send({ topic, key: 'p', value: JSON.stringify(after) });
  await eventually(async () => expect(await Delivery.countDocuments({ eventId: after.id })).toBe(1));

  const dead: { value: string; reason: string }[] = [];
  const dlq = await hearTopic(deadLetterTopic(topic), (message) =>
    dead.push({ value: message.value ?? '', reason: message.headers.get('x-dlq-reason') ?? '' }),
  );
  try {
    await eventually(async () =>
      expect(dead).toEqual([{ value: '{"id":"not-a-uuid","type":"ParcelShipped"}', reason: expect.stringContaining('id') }]),
    );
  } finally {
    await dlq.stop();
  }
});

it('carries the trace of the write through the outbox and a Kafka header into the handler', async () => {
  const trace = { traceId: newTraceId(), spanId: newSpanId() };
  const parcelId = new mongoose.Types.ObjectId();
  const event = newEvent('ParcelShipped', { parcelId: parcelId.toString() });
  await runInTrace(trace, () =>
    Parcel.create({ _id: parcelId, label: 'dal', ...withOutbox([{ topic, key: parcelId.toString(), event }]) }),
  );
  const stored = await Parcel.findById(parcelId).lean();
  expect(Object.values(stored?.outbox ?? {})[0]?.traceparent).toBe(formatTraceparent(trace));

  const relay = new OutboxRelay({ model: Parcel, producer, log });
  await relay.relayPending();
  await relay.stop();
  await eventually(async () => expect(await Delivery.findOne({ eventId: event.id }).lean()).toMatchObject({ traceId: trace.traceId }));

  // a message without the header is handled in a trace of its own
  const untraced = newEvent('ParcelShipped', { parcelId: 'untraced' });
  await producer.send({ topic, key: 'u', value: JSON.stringify(untraced) });
  await eventually(async () => expect((await Delivery.findOne({ eventId: untraced.id }).lean())?.traceId).toMatch(/^[0-9a-f]{32}$/));
  expect((await Delivery.findOne({ eventId: untraced.id }).lean())?.traceId).not.toBe(trace.traceId);

  // logged as applied: the traced write's event, not the other (a line an event would be four an order)
  const applied = logged.filter((line) => line.msg === 'event applied').map((line) => line.eventId);
  expect(applied).toContain(event.id);
  expect(applied).not.toContain(untraced.id);
  // with the commands it sent: the ledger's look, the handler's write, the ledger's entry
  expect(logged.find((line) => line.msg === 'event applied' && line.eventId === event.id)?.dbCommands).toEqual({
    'find applied_events': 1,
    'insert deliveries': 1,
    'update applied_events': 1,
  });
});

it('passes over the events a handler does not act on, without a ledger entry', async () => {
  const [wanted, other] = [newEvent('ParcelShipped', { parcelId: 'pick-up-1' }), newEvent('ParcelShipped', { parcelId: 'doorstep-1' })];
  const trace = { traceId: newTraceId(), spanId: newSpanId() };
  const headers = { traceparent: formatTraceparent(trace) };
  await producer.send(
    { topic, key: 'o', value: JSON.stringify(other), headers },
    { topic, key: 'w', value: JSON.stringify(wanted), headers },
  );
  // started here: it reads the topic from its beginning, whose poison message the test above expects
  // dead-lettered once
  pickups.start();
  try {
    await eventually(async () => expect(await Pickup.countDocuments({ parcelId: 'pick-up-1' })).toBe(1), 20_000);
    await eventually(async () =>
      expect(logged.filter((line) => line.eventId === other.id).map((line) => line.msg)).toContain('event passed over'),
    );
  } finally {
    await pickups.stop();
  }
  const ledger = mongoose.connection.collection<{ _id: string }>('applied_events');
  expect(await ledger.findOne({ _id: `kit-test-pickups.${topic}/${wanted.id}` })).not.toBeNull();
  expect(await ledger.findOne({ _id: `kit-test-pickups.${topic}/${other.id}` })).toBeNull();
  expect(await Pickup.countDocuments({ parcelId: 'doorstep-1' })).toBe(0);
  // the first group, which acts on every event, applied both
  await eventually(async () => expect(await Delivery.countDocuments({ eventId: { $in: [wanted.id, other.id] } })).toBe(2));
});
