import { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { RedisPart } from './parts';

export type { Redis };

/** A Redis client that never makes a request wait for Redis: with the server down, commands fail
 *  at once (no offline queue) and a slow server times out after half a second. */
export function createRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // commands asked in the same tick (a request's limits, revocation and role at the gateway) go
    // out in one write
    enableAutoPipelining: true,
  });
  let reported = false;
  redis.on('error', (err) => {
    if (!reported) log.warn({ err: err.message }, 'redis unavailable');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
    log.info('redis ready');
  });
  return redis;
}

export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** The Redis part of a service (createService's `parts.redis`). */
export const redisPart: RedisPart = { part: 'redis', create: createRedis, ready: redisReady };

/** A cached answer (JSON text) with the revision of the record it was made from. */
export interface Revised {
  revision: number;
  json: string;
}

// Entries live under `<prefix>:g<generation>:<key>`; a revised entry's value is "<revision> <json>".
// Each script reads the generation itself, so a clear() cannot fall between the two. Every entry
// stored counts in `<prefix>:changes` (KEYS[2]), which tells the processes that keep what they put
// together from entries (`assembled`) that it may be out of date.
const READ_REVISED = `
local generation = redis.call('GET', KEYS[1]) or '0'
local found = { generation }
for i = 2, #ARGV do
  found[i] = redis.call('GET', ARGV[1] .. ':g' .. generation .. ':' .. ARGV[i]) or false
end
return found`;
// ARGV: prefix, generation the value was loaded under ('' for any), key, revision, json, ttl
const STORE_REVISED = `
local generation = redis.call('GET', KEYS[1]) or '0'
if ARGV[2] ~= '' and ARGV[2] ~= generation then return 0 end
local key = ARGV[1] .. ':g' .. generation .. ':' .. ARGV[3]
local current = redis.call('GET', key)
if current and tonumber(string.match(current, '^(%d+) ')) >= tonumber(ARGV[4]) then return 0 end
redis.call('SET', key, ARGV[4] .. ' ' .. ARGV[5], 'EX', ARGV[6])
redis.call('INCR', KEYS[2])
return 1`;

/** How many answers put together from entries a process keeps (pages of lists and searches), and
 *  for how long: an entry whose writer could not write it through (Redis away for a moment) is
 *  loaded again when it expires, which counts as a change, but only if something reads it. */
const ASSEMBLED_KEPT_AT_MOST = 256;
const ASSEMBLED_KEPT_MS = 5_000;

interface RevisedCommands {
  readRevised(generationKey: string, prefix: string, ...keys: string[]): Promise<[string, ...(string | null)[]]>;
  storeRevised(
    generationKey: string,
    changesKey: string,
    prefix: string,
    generation: string,
    key: string,
    revision: number,
    json: string,
    ttl: number,
  ): Promise<number>;
}

/**
 * A read-through cache of JSON answers that is bypassed whenever Redis fails: the store keeps
 * working without it, only slower. Entries live under a generation number that `clear()` bumps: a
 * read that loaded from the database before a change and stores its answer after the clear writes
 * into the old generation, which nobody reads any more, so a stale answer cannot outlive an
 * invalidation.
 *
 * Revised entries (`readRevised`, `storeRevised`) carry the revision of their record, so one
 * record's change replaces its own entry, written through by the writer, without a clear: an entry
 * is never replaced by an older revision, so a read that loaded before the change cannot put the
 * old answer back.
 */
export class ReadCache {
  private readonly scripts: RevisedCommands;

  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly prefix: string,
  ) {
    if (!('readRevised' in redis)) {
      redis.defineCommand('readRevised', { numberOfKeys: 1, lua: READ_REVISED });
      redis.defineCommand('storeRevised', { numberOfKeys: 2, lua: STORE_REVISED });
    }
    this.scripts = redis as unknown as RevisedCommands;
  }

  private get generationKey(): string {
    return `${this.prefix}:generation`;
  }

  private get changesKey(): string {
    return `${this.prefix}:changes`;
  }

  /** What this process put together from entries, with the cache's state when it began to. */
  private readonly kept = new Map<string, { stamp: string; until: number; value: unknown }>();
  /** What is being put together, by key and cache state: reads that find the same change wait for
   *  one assembly rather than each making one. */
  private readonly assembling = new Map<string, Promise<unknown>>();

  /**
   * What `assemble` puts together from this cache's entries (a list from its products' answers),
   * kept in this process and answered again while no entry has been stored and nothing cleared
   * since it began: one round trip to Redis instead of reading every entry again. As fresh as the
   * entries themselves; without Redis, assembled afresh every time.
   */
  async assembled<T>(key: string, assemble: () => Promise<T>): Promise<T> {
    const stamp = await this.stamp();
    if (stamp === undefined) return assemble();
    const kept = this.kept.get(key);
    if (kept?.stamp === stamp && kept.until > Date.now()) return kept.value as T;
    const underWay = `${stamp} ${key}`;
    let assembly = this.assembling.get(underWay) as Promise<T> | undefined;
    if (!assembly) {
      assembly = assemble()
        .then((value) => {
          this.kept.delete(key);
          // the oldest assembled goes first
          if (this.kept.size >= ASSEMBLED_KEPT_AT_MOST) this.kept.delete(this.kept.keys().next().value!);
          this.kept.set(key, { stamp, until: Date.now() + ASSEMBLED_KEPT_MS, value });
          return value;
        })
        .finally(() => this.assembling.delete(underWay));
      this.assembling.set(underWay, assembly);
    }
    return assembly;
  }

  /** The stamp being read for requests that arrived in this turn of the event loop. */
  private stampRead: Promise<string | undefined> | undefined;

  /**
   * The cache's state (its generation and count of changes) as Redis says it, undefined when Redis
   * cannot say. The requests that arrive in one turn of the event loop share one read, sent once
   * they all have arrived, so each still learns of every change made before it came: one round trip
   * a read would cost the catalog more than its own work on a cached read.
   */
  private stamp(): Promise<string | undefined> {
    this.stampRead ??= new Promise((resolve) => {
      setImmediate(() => {
        this.stampRead = undefined;
        this.redis.mget(this.generationKey, this.changesKey).then(
          ([generation, changes]) => resolve(`${generation ?? '0'} ${changes ?? '0'}`),
          (err: unknown) => {
            this.log.debug({ err }, 'cache state unknown; assembling afresh');
            resolve(undefined);
          },
        );
      });
    });
    return this.stampRead;
  }

  async read<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    let fullKey: string | undefined;
    try {
      const generation = (await this.redis.get(this.generationKey)) ?? '0';
      fullKey = `${this.prefix}:g${generation}:${key}`;
      const hit = await this.redis.get(fullKey);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (err) {
      this.log.debug({ err, key }, 'cache read skipped');
    }
    const value = await load();
    if (fullKey) {
      this.redis.set(fullKey, JSON.stringify(value), 'EX', ttlSeconds).catch((err: unknown) => {
        this.log.debug({ err, key: fullKey }, 'cache write skipped');
      });
    }
    return value;
  }

  /** The cached answers for `keys` (absent: no such record), loading the missing ones with `load`
   *  and storing them unless a newer revision got there first. */
  async readRevised(
    keys: string[],
    ttlSeconds: number,
    load: (missing: string[]) => Promise<Map<string, Revised>>,
  ): Promise<Map<string, string>> {
    const answers = new Map<string, string>();
    let generation: string | undefined;
    try {
      const [seenGeneration, ...values] = await this.scripts.readRevised(this.generationKey, this.prefix, ...keys);
      generation = seenGeneration;
      values.forEach((value, at) => value !== null && answers.set(keys[at]!, value.slice(value.indexOf(' ') + 1)));
    } catch (err) {
      this.log.debug({ err }, 'cache read skipped');
    }
    const missing = keys.filter((key) => !answers.has(key));
    if (missing.length === 0) return answers;
    const loaded = await load(missing);
    for (const [key, value] of loaded) answers.set(key, value.json);
    if (generation !== undefined) await Promise.all([...loaded].map(([key, value]) => this.store(generation, key, value, ttlSeconds)));
    return answers;
  }

  /** Writes a record's new answer through, as its writer just made it. */
  async storeRevised(key: string, value: Revised, ttlSeconds: number): Promise<void> {
    await this.store('', key, value, ttlSeconds);
  }

  private async store(generation: string, key: string, { revision, json }: Revised, ttlSeconds: number): Promise<void> {
    try {
      await this.scripts.storeRevised(this.generationKey, this.changesKey, this.prefix, generation, key, revision, json, ttlSeconds);
    } catch (err) {
      this.log.debug({ err, key }, 'cache write skipped; the entry expires on its own');
    }
  }

  /** The cache's current generation, which every `clear()` changes: a process that keeps a copy of
   *  what the cache answers from (an in-process index) watches it to learn of changes made behind
   *  its back. Undefined when Redis cannot say. */
  async generation(): Promise<string | undefined> {
    try {
      return (await this.redis.get(this.generationKey)) ?? '0';
    } catch (err) {
      this.log.debug({ err }, 'cache generation unknown');
      return undefined;
    }
  }

  /** Makes every entry of this cache unreachable (they expire by their TTL). */
  async clear(): Promise<void> {
    try {
      await this.redis.incr(this.generationKey);
    } catch (err) {
      this.log.warn({ err }, 'cache clear failed; entries expire on their own');
    }
  }
}

/** Where a deleted account is listed as revoked, by its identity provider id (a token's subject):
 *  the user service writes it as it deletes the account, and the gateway refuses that account's
 *  tokens from the next request on, instead of until they expire. Kept longer than any access
 *  token lives (the realm's: 5 minutes); an account signed up again has a new id. */
export const revokedAccountKey = (accountId: string) => `revoked-account:${accountId}`;
export const REVOKED_ACCOUNT_TTL_SECONDS = 60 * 60;
