import type { Logger } from './logger';

/** Work a service does by itself every so often (a sweep for orders left behind, expired holds).
 *  Every replica runs its jobs, so a job's writes must be safe to race: conditional, once-only. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
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
  ) {}

  start(): void {
    this.timer = setTimeout(() => this.tick(), this.job.everyMs);
  }

  private tick(): void {
    this.current = this.job
      .run()
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
