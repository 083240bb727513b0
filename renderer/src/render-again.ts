/** A page found changed this soon after its render is one whose data keeps changing. */
const CHURNING_MS = 10_000;
const FIRST_WAIT_MS = 1_000;
/** The longest wait of a page rendered ahead (home, the static pages: every first visit lands on
 *  one), and of any other (a product's, a search's). */
const LONGEST_WAIT_MS = { ahead: 30_000, other: 300_000 };

/**
 * When a page whose data changed is rendered again. Once, or now and then (an admin's edit), at
 * once. A page whose data keeps changing (its stock, while shoppers order) would otherwise be
 * rendered again and again, each render a whole page load in Chromium (0.5-0.7 s of CPU, seconds
 * on a busy machine) already out of date a second later: each time it is found changed soon after
 * its render, it waits twice as long as the last time, from 1 s up to 30 s for a page rendered
 * ahead and 5 minutes for any other. Meanwhile nginx serves the client-rendered app, as it does for
 * any page not rendered, or, where only counts of units left changed, the page marked (kept-pages.ts),
 * so no shopper is left with the old data. Under the order bench, the pages of the
 * product ordered (its own and two searches, in both languages) at 30 s cost the renderer 30 ms of
 * CPU an order, half a core at 20 orders a second.
 */
export class RenderAgain {
  private readonly waits = new Map<string, number>();

  /** The earliest time the page `key`, rendered at `renderedAt` and found changed `now`, is rendered again. */
  after(key: string, renderedAt: number, now: number, kind: keyof typeof LONGEST_WAIT_MS): number {
    if (now - renderedAt >= CHURNING_MS) {
      this.waits.delete(key);
      return now;
    }
    const wait = Math.min(2 * (this.waits.get(key) ?? FIRST_WAIT_MS / 2), LONGEST_WAIT_MS[kind]);
    if (this.waits.size >= 1000) this.waits.clear();
    this.waits.set(key, wait);
    return now + wait;
  }
}
