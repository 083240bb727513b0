// What the storefront's renderer (renderer/) and the shell (shell/src/server/render-page.tsx,
// bootstrap.tsx) hand each other, without zod: the shell's entry reads it before any app code arrives.

/** The element of a rendered page that holds the api's answers the page was rendered from. */
export const PRERENDERED_ANSWERS = 'bazar-prerendered-answers';

/** An attribute the renderer sets on that element when it serves the page on although the counts of
 *  units left that the page shows have changed since it was rendered (shoppers ordering): the shell
 *  reads the page's answers again once it has hydrated. Any other change of its data takes the page
 *  away instead. */
export const PRERENDERED_COUNTS_STALE = 'data-counts-stale';

/** What the shell gives the renderer for a page it renders. */
export interface PrerenderedPage {
  /** the markup of the app's first render, as hydrateRoot expects it */
  html: string;
  /** the api's cache that markup was rendered from */
  answers: unknown;
}
