/**
 * The replicas of one neighbour, as its callers reach them: calls take turns over the addresses, and
 * an address that refused a connection (its process was killed, or is restarting) is passed over for
 * a few seconds, as nginx's `max_fails`/`fail_timeout` do for its upstreams. On a cluster there is one
 * address, a Service's, and this only passes it on.
 *
 * A refused connection is the one failure that is always safe to try on another replica: nothing of
 * the request reached the first. A connection that broke while the request was under way is not
 * (the replica may have acted on it), so callers answer that one with a 503 instead.
 */
export class Upstreams {
  private turn = 0;
  /** when each address that refused may be tried again (ms since the epoch) */
  private readonly restingUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly restMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('Upstreams needs at least one address');
  }

  get size(): number {
    return this.urls.length;
  }

  /** The address for the next call: the next in turn that is not resting; when every one is, the
   *  next in turn all the same (a replica that came back is found that way). */
  pick(): string {
    const at = this.now();
    for (let tried = 0; tried < this.urls.length; tried++) {
      const url = this.urls[this.turn++ % this.urls.length]!;
      if ((this.restingUntil.get(url) ?? 0) <= at) return url;
    }
    return this.urls[this.turn++ % this.urls.length]!;
  }

  /** Passes over `url` for a while: it refused a connection. */
  refused(url: string): void {
    if (this.urls.length > 1) this.restingUntil.set(url, this.now() + this.restMs);
  }
}

/** Whether an error from undici is a connection the neighbour refused, before anything was sent. */
export function connectionRefused(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'ECONNREFUSED';
}
