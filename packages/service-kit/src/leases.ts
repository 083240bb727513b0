import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

// Takes the lease when nobody holds it, or renews it for its holder; 1 when the caller holds it now.
// ARGV: holder, milliseconds
const HOLD = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/**
 * Leases in Redis for the work one replica at a time should do (a sweep, the outbox's look for
 * events another replica left behind). A lease is held for a while and renewed by its holder at each
 * run; when the holder dies, another replica takes it once it lapses.
 *
 * A lease saves doubled work, it is not what keeps the store right: every such job's writes are
 * conditional and once-only, and consumers skip repeated events. So with Redis away every replica
 * does the work, as with one replica, rather than nobody.
 */
export class Leases {
  /** this process, as the holder of its leases */
  readonly holder = randomUUID();

  constructor(
    private readonly redis: Redis,
    /** whose replicas share the leases: the service, and the database its work is on. A process of
     *  the service on a database of its own (a test's, a bench's) sweeps that database; holding the
     *  same lease, it kept the service's own replicas from sweeping theirs while it ran. */
    private readonly owner: { service: string; database?: string },
    private readonly log: Logger,
  ) {}

  /** Whether this replica holds lease `name` for the next `forMs`: taken when free, renewed when its own. */
  async hold(name: string, forMs: number): Promise<boolean> {
    try {
      const { service, database } = this.owner;
      const key = `lease:${service}${database ? `/${database}` : ''}:${name}`;
      return (await this.redis.eval(HOLD, 1, key, this.holder, Math.ceil(forMs))) === 1;
    } catch (err) {
      this.log.debug({ err, lease: name }, 'lease unknown (Redis away); doing the work anyway');
      return true;
    }
  }
}
