// One client in a process of its own (run.ts starts it), so that its CPU and memory are its own.
//   throughput <client> <topic> <messages>: produce them as the outbox does (batches of 100, each
//     sent once the one before is acknowledged by all in-sync replicas, idempotent), then read them
//     in a new group committing per batch; then the CPU of the connected, idle producer and consumer.
//   checks <client> <redelivery topic> <poison topic>: the behaviour our tests rely on; the outage
//     checks run against a throwaway broker that this process kills and starts again.
// Prints one JSON line.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ThrowawayBroker } from './broker';
import { loadClient } from './choose-client';
import type { ClientUnderTest, Outgoing, Reader, Received } from './clients';

const SHARED = [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'];
const BATCH = 100;

const event = (i: number): Outgoing => {
  const orderId = `order-${i % 50}`;
  const value = JSON.stringify({
    id: randomUUID(),
    type: 'OrderStatusChanged',
    occurredAt: new Date().toISOString(),
    payload: { orderId, status: 'confirmed', items: [{ productId: `p-${i % 7}`, quantity: 1 + (i % 3) }], seq: i },
  });
  return { key: orderId, value };
};

const seqOf = (message: Received) => (JSON.parse(message.value) as { payload: { seq: number } }).payload.seq;

/** Waits for `done`, checking every 20 ms, for at most `ms`; answers whether it came. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await sleep(20);
  }
  return true;
}

/** Settles `promise` within `ms`, or answers 'pending'. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      (value) => ({ outcome: 'resolved' as const, value }),
      (error: unknown) => ({ outcome: 'rejected' as const, error: String(error).slice(0, 160) }),
    ),
    sleep(ms).then(() => ({ outcome: 'pending' as const })),
  ]);

const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1_000;
};

async function throughput(client: ClientUnderTest, topic: string, count: number, rssBeforeClient: number) {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  const messages = Array.from({ length: count }, (_, i) => event(i));

  const sender = client.sender(SHARED);
  await sender.send(topic, [event(-1)]); // connects: not counted
  let cpu = process.cpuUsage();
  let start = performance.now();
  for (let i = 0; i < count; i += BATCH) await sender.send(topic, messages.slice(i, i + BATCH));
  const produce = { ms: performance.now() - start, cpuMs: cpuMs(cpu) };

  const groupId = `bench-${randomUUID()}`;
  let received = 0;
  let firstAt = 0;
  cpu = process.cpuUsage();
  start = performance.now();
  const reader = await client.read({
    brokers: SHARED,
    topic,
    groupId,
    handle: (message) => {
      if (received++ === 0) firstAt = performance.now();
      JSON.parse(message.value);
    },
  });
  const all = await until(() => received >= count + 1, 120_000);
  const consume = { ms: performance.now() - firstAt, joinMs: firstAt - start, cpuMs: cpuMs(cpu), all };

  // Both connected, nothing to do: what an idle service spends on Kafka.
  await sleep(1_000);
  cpu = process.cpuUsage();
  start = performance.now();
  await sleep(5_000);
  const idleCpuMsPerS = cpuMs(cpu) / ((performance.now() - start) / 1_000);

  await reader.close();
  await sender.close();
  clearInterval(sampler);
  return {
    client: client.name,
    version: client.version,
    messages: count,
    producePerS: Math.round(count / (produce.ms / 1_000)),
    produceCpuMsPer1000: +((produce.cpuMs / count) * 1_000).toFixed(1),
    consumePerS: Math.round(count / (consume.ms / 1_000)),
    consumeCpuMsPer1000: +((consume.cpuMs / count) * 1_000).toFixed(1),
    joinMs: Math.round(consume.joinMs),
    consumedAll: consume.all,
    lagAfter: await client.lag(SHARED, groupId, topic),
    idleCpuMsPerS: +idleCpuMsPerS.toFixed(1),
    rssBeforeClientMb: Math.round(rssBeforeClient / 2 ** 20),
    peakRssMb: Math.round(peakRss / 2 ** 20),
  };
}

/** A consumer that dies after handling ten messages but committing only five: the group's lag reads
 *  five, and the next member of the group is given exactly those five again. */
async function redelivery(client: ClientUnderTest, topic: string) {
  const sender = client.sender(SHARED);
  await sender.send(
    topic,
    Array.from({ length: 10 }, (_, i) => event(i)),
  );
  const groupId = `bench-${randomUUID()}`;
  const first: number[] = [];
  const dying = await client.read({
    brokers: SHARED,
    topic,
    groupId,
    handle: (m) => void first.push(m.offset),
    commits: (m) => m.offset < 5,
  });
  await until(() => first.length >= 10, 30_000);
  await sleep(1_000); // its commit of offset 5 lands
  await dying.close();
  const lagAfterDying = await client.lag(SHARED, groupId, topic);
  const again: number[] = [];
  const next = await client.read({ brokers: SHARED, topic, groupId, handle: (m) => void again.push(m.offset) });
  await until(() => again.length >= 5, 30_000);
  await sleep(2_000); // nothing more may come
  await next.close();
  const lagAfter = await client.lag(SHARED, groupId, topic);
  await sender.close();
  const passed = first.length === 10 && lagAfterDying === 5 && again.join() === '5,6,7,8,9' && lagAfter === 0;
  return { passed, firstRead: first.length, lagAfterDying, redelivered: again, lagAfter };
}

/** An unparseable message between two good ones on one partition: the handler skips it, the one
 *  after it is handled, and the group ends with no lag. */
async function poison(client: ClientUnderTest, topic: string) {
  const sender = client.sender(SHARED);
  await sender.send(topic, [event(1), { key: 'poison', value: 'not json {' }, event(2)]);
  const groupId = `bench-${randomUUID()}`;
  const handled: number[] = [];
  let skipped = 0;
  const reader = await client.read({
    brokers: SHARED,
    topic,
    groupId,
    handle: (m) => {
      try {
        handled.push(seqOf(m));
      } catch {
        skipped++;
      }
    },
  });
  await until(() => handled.length >= 2, 30_000);
  await sleep(1_000);
  await reader.close();
  const lagAfter = await client.lag(SHARED, groupId, topic);
  await sender.close();
  return { passed: handled.join() === '1,2' && skipped === 1 && lagAfter === 0, handled, skipped, lagAfter };
}

/** Topics on the throwaway broker, made whichever client is measured (loaded only for the checks). */
async function createTopic(brokers: string[], topic: string, partitions: number) {
  await (await import('./bench-topics.js')).createTopic(brokers, topic, partitions);
}

/** A reader that, like our EventConsumer, starts a new consumer 2 s after the library gives up. */
function keepReading(client: ClientUnderTest, brokers: string[], topic: string, handle: (m: Received) => void) {
  const groupId = `bench-${randomUUID()}`;
  let reader: Reader | undefined;
  let stopped = false;
  let restarts = 0;
  const start = (): void => {
    if (stopped) return;
    client
      .read({
        brokers,
        topic,
        groupId,
        handle,
        failed: () => {
          const dead = reader;
          reader = undefined;
          restarts++;
          void dead?.close().catch(() => undefined);
          setTimeout(start, 2_000);
        },
      })
      .then(
        (started) => (stopped ? void started.close() : (reader = started)),
        () => {
          restarts++;
          setTimeout(start, 2_000);
        },
      );
  };
  start();
  return {
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      await reader?.close().catch(() => undefined);
    },
  };
}

/** The broker is not there when the client starts: how the first send and the consumer fail, and
 *  whether they work once it is up (the outbox retries its pass; the consumer is restarted). */
async function outageAtStart(client: ClientUnderTest, broker: ThrowawayBroker) {
  const sender = client.sender(broker.brokers);
  const topic = `bench-start-${randomUUID()}`;
  let t = performance.now();
  const firstSend = await within(sender.send(topic, [event(0)]), 45_000);
  const firstSendMs = Math.round(performance.now() - t);
  const seen = new Set<number>();
  const reading = keepReading(client, broker.brokers, topic, (m) => void seen.add(seqOf(m)));

  await broker.start();
  await createTopic(broker.brokers, topic, 1);
  t = performance.now();
  let sent = false;
  while (!sent && performance.now() - t < 60_000) {
    sent = await sender.send(topic, [event(1)]).then(
      () => true,
      () => sleep(1_000).then(() => false),
    );
  }
  const sendRecoveredMs = sent ? Math.round(performance.now() - t) : undefined;
  const consumed = await until(() => seen.has(1), 60_000);
  const consumeRecoveredMs = consumed ? Math.round(performance.now() - t) : undefined;
  await reading.stop();
  await sender.close().catch(() => undefined);
  return {
    passed: firstSend.outcome === 'rejected' && sent && consumed,
    firstSend: firstSend.outcome,
    firstSendError: 'error' in firstSend ? firstSend.error : undefined,
    firstSendMs,
    sendRecoveredMs,
    consumeRecoveredMs,
    consumerRestarts: reading.restarts,
  };
}

/** The broker dies (SIGKILL) while messages flow and comes back 5 s later: every message whose send
 *  was acknowledged must be consumed; a failed send is retried, as the outbox does, so repeats are
 *  allowed and counted. */
async function outageMidStream(client: ClientUnderTest, broker: ThrowawayBroker) {
  const topic = `bench-mid-${randomUUID()}`;
  await createTopic(broker.brokers, topic, 2);
  const sender = client.sender(broker.brokers);
  const acked = new Set<number>();
  const counts = new Map<number, number>();
  const reading = keepReading(client, broker.brokers, topic, (m) => {
    const seq = seqOf(m);
    counts.set(seq, (counts.get(seq) ?? 0) + 1);
  });
  let producing = true;
  let failedSends = 0;
  let lastAckAt = 0;
  const producer = (async () => {
    for (let next = 0; producing;) {
      const batch = Array.from({ length: 10 }, (_, i) => next + i);
      const ok = await sender.send(topic, batch.map(event)).then(
        () => true,
        () => false,
      );
      if (ok) {
        for (const seq of batch) acked.add(seq);
        lastAckAt = performance.now();
        next += batch.length;
        await sleep(50);
      } else {
        failedSends++;
        await sleep(500);
      }
    }
  })();
  await sleep(3_000);
  const ackedBeforeKill = acked.size;
  await broker.kill();
  await sleep(5_000);
  await broker.start();
  const upAt = performance.now();
  const resumed = await until(() => lastAckAt > upAt, 60_000);
  const sendRecoveredMs = resumed ? Math.round(lastAckAt - upAt) : undefined;
  await sleep(3_000);
  producing = false;
  await producer;
  const all = await until(() => [...acked].every((seq) => counts.has(seq)), 60_000);
  const consumeDoneMs = Math.round(performance.now() - upAt);
  await reading.stop();
  await sender.close().catch(() => undefined);
  const missing = [...acked].filter((seq) => !counts.has(seq)).length;
  const repeats = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  return {
    passed: resumed && all && missing === 0,
    ackedBeforeKill,
    acked: acked.size,
    missing,
    repeats,
    failedSends,
    sendRecoveredMs,
    allConsumedMsAfterRestart: all ? consumeDoneMs : undefined,
    consumerRestarts: reading.restarts,
  };
}

/** A check that could not finish (an exception) is reported as failed, with why. */
const attempt = <T>(check: () => Promise<T>) =>
  check().catch((error: unknown) => ({ passed: false, unfinished: String(error).slice(0, 2_000) }));

async function checks(client: ClientUnderTest, redeliveryTopic: string, poisonTopic: string) {
  const broker = new ThrowawayBroker();
  try {
    return {
      client: client.name,
      version: client.version,
      redelivery: await attempt(() => redelivery(client, redeliveryTopic)),
      poison: await attempt(() => poison(client, poisonTopic)),
      outageAtStart: await attempt(() => outageAtStart(client, broker)),
      outageMidStream: await attempt(() => outageMidStream(client, broker)),
    };
  } finally {
    await broker.remove();
  }
}

async function main() {
  const [mode, name, ...rest] = process.argv.slice(2);
  const rssBeforeClient = process.memoryUsage.rss();
  const client = await loadClient(name ?? '');
  const result =
    mode === 'throughput'
      ? await throughput(client, rest[0] ?? '', Number(rest[1]), rssBeforeClient)
      : await checks(client, rest[0] ?? '', rest[1] ?? '');
  console.log(JSON.stringify(result));
  // a library's timers (reconnects of a closed client) must not keep the measurement running
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
