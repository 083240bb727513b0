import { RoleAnswer, type Role } from '@bazar/contracts';
import { InternalClient, type Logger, type Redis } from '@bazar/service-kit';

/** How long a role stays cached; role-changed drops it sooner. */
const ROLE_TTL_SECONDS = 60;

/** Whether a user is an admin, as the user service's record says. Answers are cached in Redis and
 *  forgotten when the role changes; with Redis down, every lookup asks the user service. A user
 *  without a record yet (before the first sync) is a plain user, and is not cached, so that the
 *  record the sync creates counts from the next request on. */
export class RoleDirectory {
  private readonly users: InternalClient;

  constructor(
    userServiceUrl: string,
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {
    this.users = new InternalClient(userServiceUrl, 'user', 2_000);
  }

  private key(email: string): string {
    return `gateway:role:${email}`;
  }

  /** The user's role; throws a 503 HttpError when the user service cannot say. */
  async roleOf(email: string): Promise<Role> {
    const cached = await this.redis.get(this.key(email)).catch((err: unknown) => {
      this.log.debug({ err }, 'role cache unavailable; asking the user service');
      return null;
    });
    if (cached === 'admin' || cached === 'user') return cached;

    const answer = await this.users.get(`/internal/role/${encodeURIComponent(email)}`);
    if (answer === undefined) return 'user';
    const { role } = RoleAnswer.parse(answer);
    await this.redis.set(this.key(email), role, 'EX', ROLE_TTL_SECONDS).catch(() => undefined);
    return role;
  }

  async forget(email: string): Promise<void> {
    await this.redis
      .del(this.key(email))
      .catch((err: unknown) => this.log.warn({ err, email }, 'could not drop a cached role; it expires on its own'));
  }
}
