import { Admin } from '@platformatic/kafka';
import type { KafkaConnection } from './client';

/** Asks the broker for its cluster metadata every few seconds, so /ready and /health report
 *  whether Kafka is reachable now, whatever traffic the service has. */
export class KafkaProbe {
  private readonly admin: Admin;
  private timer: NodeJS.Timeout | undefined;
  private reachable = false;
  private answered = false;

  constructor(
    kafka: KafkaConnection,
    private readonly intervalMs = 3_000,
  ) {
    this.admin = new Admin({ ...kafka, retries: 0 });
  }

  get isReachable(): boolean {
    return this.reachable;
  }

  /** The broker was asked and did not answer (not merely: not asked yet). */
  get isAway(): boolean {
    return this.answered && !this.reachable;
  }

  start(): void {
    const probe = () =>
      this.admin
        // asked afresh each time: metadata kept from an earlier answer would say nothing of now
        .metadata({ topics: [], forceUpdate: true })
        .then(
          () => (this.reachable = true),
          () => (this.reachable = false),
        )
        .finally(() => (this.answered = true));
    void probe();
    this.timer = setInterval(() => void probe(), this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.admin.close().catch(() => undefined);
  }
}
