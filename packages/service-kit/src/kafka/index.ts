// The Kafka part: the client, the producer, the outbox its writers add events to, the consumers, and
// the probe of the brokers; `kafkaPart` is what createService takes to run them.
export * from './client';
export * from './producer';
export * from './outbox';
export * from './consumer';
export * from './probe';
export { kafkaPart } from './part';
