import { RoleAnswer, type Role } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { InternalClient, serviceCallHeaders } from '@bazar/service-kit/http';
import type { Redis } from '@bazar/service-kit/redis';

/** How long a role stays cached; role-changed drops it sooner. */
const ROLE_TTL_SECONDS = 60;

/** Where a user's role is cached in Redis. */
export const roleCacheKey = (email: string) => `gateway:role:${email}`;

/** Whether a user is an admin, as the user service's record says. Answers are cached in Redis and
 *  forgotten when the role changes; with Redis down, every lookup asks the user service. A user
 *  without a record yet (before the first sync) is a plain user, and that is cached too: the sync
 *  creates a plain user's record with the same answer, and an admin's with a role-changed event,
 *  which drops it. (Not caching it made every request of an unsynced caller a user-service read.) */
export class RoleDirectory {
  private readonly users: InternalClient;

  constructor(
    userServiceUrls: readonly string[],
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {
    this.users = new InternalClient(userServiceUrls, 'user', 2_000);
  }

  /** The user's role; throws a 503 HttpError when the user service cannot say. */
  async roleOf(email: string): Promise<Role> {
    const cached = await this.redis.get(roleCacheKey(email)).catch((err: unknown) => {
      this.log.debug({ err }, 'role cache unavailable; asking the user service');
      return null;
    });
    if (cached === 'admin' || cached === 'user') return cached;

    // the user service answers this only to the gateway, shown by its service token (issue 53)
    const answer = await this.users.get(`/internal/role/${encodeURIComponent(email)}`, serviceCallHeaders('gateway', 'user'));
    const { role } = answer === undefined ? { role: 'user' as const } : RoleAnswer.parse(answer);
    await this.redis.set(roleCacheKey(email), role, 'EX', ROLE_TTL_SECONDS).catch(() => undefined);
    return role;
  }

  async forget(email: string): Promise<void> {
    await this.redis
      .del(roleCacheKey(email))
      .catch((err: unknown) => this.log.warn({ err, email }, 'could not drop a cached role; it expires on its own'));
  }
}
