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
}

export function createKafka(clientId: string, brokers: string[]): KafkaConnection {
  return { clientId, bootstrapBrokers: brokers, connectTimeout: 2_000, timeout: 10_000, retries: 3, retryDelay: 200 };
}
