import type { StorePage } from './remotes';

/** The exposed module that shows a page, as `remote/Module`. */
export const moduleOf = (page: StorePage) => `${page.remote}/${page.expose.replace(/^\.\//, '')}`;

/**
 * The page at `url` (a path with its query) with its path parameters, and the layouts it shows in;
 * matched without the router, which this code runs before. A path's literal segments win over a
 * parameter, and both over a rest (`*`), as in the router.
 */
export function pageAt(
  url: URL,
  pages: StorePage[],
): { page: StorePage; params: Record<string, string>; layouts: StorePage[] } | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  let best: { page: StorePage; params: Record<string, string>; rank: number } | undefined;
  for (const page of pages.filter((candidate) => !candidate.layout)) {
    const pattern = page.path.split('/').filter(Boolean);
    const anyRest = pattern.at(-1) === '*';
    if (anyRest ? segments.length < pattern.length - 1 : segments.length !== pattern.length) continue;
    const params: Record<string, string> = {};
    let rank = 0;
    const matches = pattern.every((part, i) => {
      if (part === '*') return true;
      if (!part.startsWith(':')) {
        rank += 3;
        return part === segments[i];
      }
      rank += 2;
      params[part.slice(1)] = decoded(segments[i]!);
      return true;
    });
    if (matches && (!best || rank > best.rank)) best = { page, params, rank };
  }
  if (!best) return undefined;
  const { page, params } = best;
  return { page, params, layouts: layoutsOf(page, pages) };
}

/** The layouts a page shows in, outermost first: those whose path is the start of the page's. */
export function layoutsOf(page: StorePage, pages: StorePage[]): StorePage[] {
  return pages
    .filter((layout) => layout.layout && layout !== page && within(page.path, layout.path))
    .sort((a, b) => a.path.length - b.path.length);
}

/** Whether `path` is `layoutPath` or below it. */
export const within = (path: string, layoutPath: string) => path === layoutPath || path.startsWith(`${layoutPath.replace(/\/$/, '')}/`);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
