/** A page found changed this soon after its render is one whose data keeps changing; and so is one
 *  found changed sooner than twice its last wait, which a lull in the changes does not calm. */
const CHURNING_MS = 10_000;
const FIRST_WAIT_MS = 1_000;
/** The longest wait of a page rendered ahead (home, the static pages: every first visit lands on
 *  one), and of any other (a product's, a search's). */
const LONGEST_WAIT_MS = { ahead: 30_000, other: 300_000 };

/**
 * When a page whose data changed is rendered again. Once, or now and then (an admin's edit), at
 * once. A page whose data keeps changing (its stock, while shoppers order) would otherwise be
 * rendered again and again, each render its API reads, its CPU and a file for nginx, already out of
 * date a second later: each time it is found changed soon after
 * its render, it waits twice as long as the last time, from 1 s up to 30 s for a page rendered
 * ahead and 5 minutes for any other. Meanwhile nginx serves the client-rendered app, as it does for
 * any page not rendered, or, where only counts of units left changed, the page marked (kept-pages.ts),
 * so no shopper is left with the old data. A product's page and its searches, in both languages,
 * change with every order of it, so a 30 s ceiling would still have them rendered all the time
 * while shoppers order; pages not rendered ahead wait up to 5 minutes.
 * The waits start over at 1 s only once the page stayed unchanged for twice its last wait: a fixed
 * quiet time (CHURNING_MS alone) is outlasted by any pause in the orders, after which every page that
 * keeps changing would be rendered again from the shortest wait up.
 */
export class RenderAgain {
  private readonly waits = new Map<string, number>();

  /** The earliest time the page `key`, rendered at `renderedAt` and found changed `now`, is rendered again. */
  after(key: string, renderedAt: number, now: number, kind: keyof typeof LONGEST_WAIT_MS): number {
    const lastWait = this.waits.get(key);
    if (now - renderedAt >= Math.max(CHURNING_MS, 2 * (lastWait ?? 0))) {
      this.waits.delete(key);
      return now;
    }
    const wait = Math.min(2 * (lastWait ?? FIRST_WAIT_MS / 2), LONGEST_WAIT_MS[kind]);
    if (this.waits.size >= 1000) this.waits.clear();
    this.waits.set(key, wait);
    return now + wait;
  }
}
