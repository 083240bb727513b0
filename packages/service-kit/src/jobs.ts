import type { Leases } from './leases';
import type { Logger } from './logger';

/** Work a service does by itself every so often (a sweep for orders left behind, expired holds).
 *  One replica at a time does it, the one holding the job's lease (Leases); but a lease can lapse
 *  under a slow run, and with Redis away every replica runs it, so a job's writes must still be safe
 *  to race: conditional, once-only. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
  /** Upkeep of the replica's own state (an index it keeps in memory): every replica runs it, with
   *  no lease. */
  everyReplica?: boolean;
}

/** Runs a job every `everyMs` after the previous run ended (runs never overlap); a failed run is
 *  logged and the next one comes as usual. */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly job: PeriodicJob,
    private readonly log: Logger,
    private readonly leases?: Leases,
  ) {}

  start(): void {
    this.timer = setTimeout(() => this.tick(), this.job.everyMs);
  }

  /** Runs the job when this replica holds its lease, for three periods: a holder that dies is
   *  followed by another within three periods. The lease is the job's at its period: replicas of one
   *  deployment share it, and a process run with another period (a canary, a test's quick sweeper)
   *  keeps a schedule of its own rather than wait for theirs to lapse. */
  private async runWhenHeld(): Promise<void> {
    const lease = `${this.job.name} every ${this.job.everyMs} ms`;
    if (this.leases && !this.job.everyReplica && !(await this.leases.hold(lease, this.job.everyMs * 3))) return;
    await this.job.run();
  }

  private tick(): void {
    this.current = this.runWhenHeld()
      .catch((err: unknown) => this.log.warn({ err, job: this.job.name }, 'periodic job failed; trying again next time'))
      .finally(() => {
        this.current = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.job.everyMs);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }
}
