/** How every Kafka client of a service connects (@platformatic/kafka's base options): it gives up on
 *  a dead broker within seconds, so that callers (the outbox relay, the consumer loop) decide when
 *  to try again. */
export interface KafkaConnection {
  clientId: string;
  bootstrapBrokers: string[];
  connectTimeout: number;
  timeout: number;
  retries: number;
  retryDelay: number;
  metadataMaxAge: number;
}

export function createKafka(clientId: string, brokers: string[]): KafkaConnection {
  return {
    clientId,
    bootstrapBrokers: brokers,
    connectTimeout: 2_000,
    timeout: 10_000,
    retries: 3,
    retryDelay: 200,
    // Which broker leads which partition is asked again after this long, and at once when a broker
    // says it no longer leads one: the client's 5 s made every consumer and producer of every
    // process ask the broker every few seconds with nothing changed
    metadataMaxAge: 60_000,
  };
}
