import type { Logger } from '@bazar/service-kit';
import { revokedAccountKey, type Redis } from '@bazar/service-kit/redis';

/** Accounts deleted since their tokens were issued (listed in Redis by the user service). With
 *  Redis away a token is let through: it lives 5 minutes at most, and the account is gone from the
 *  identity provider, so it cannot be refreshed. */
export class Revocations {
  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {}

  async isRevoked(accountId: string): Promise<boolean> {
    try {
      return (await this.redis.exists(revokedAccountKey(accountId))) === 1;
    } catch (err) {
      this.log.warn({ err }, 'revocations unavailable; token let through');
      return false;
    }
  }
}
