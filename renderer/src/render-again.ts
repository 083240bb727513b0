/** A page found changed this soon after its render is one whose data keeps changing. */
const CHURNING_MS = 10_000;
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;

/**
 * When a page whose data changed is rendered again. Once, or now and then (an admin's edit), at
 * once. A page whose data keeps changing (its stock, while shoppers order) would otherwise be
 * rendered again and again, each render a whole page load in Chromium (0.5-0.7 s of CPU) already
 * out of date a second later: each time it is found changed soon after its render, it waits twice
 * as long as the last time, from 1 s to 30 s at most. Nginx serves the client-rendered app meanwhile,
 * as it does for any page not rendered, so no shopper sees the old data.
 */
export class RenderAgain {
  private readonly waits = new Map<string, number>();

  /** The earliest time the page `key`, rendered at `renderedAt` and found changed `now`, is rendered again. */
  after(key: string, renderedAt: number, now: number): number {
    if (now - renderedAt >= CHURNING_MS) {
      this.waits.delete(key);
      return now;
    }
    const wait = Math.min(2 * (this.waits.get(key) ?? FIRST_WAIT_MS / 2), LONGEST_WAIT_MS);
    if (this.waits.size >= 1000) this.waits.clear();
    this.waits.set(key, wait);
    return now + wait;
  }
}
