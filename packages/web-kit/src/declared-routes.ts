import { API, type EndpointName } from '@bazar/contracts';

/** What the storefront's api needs of a declared endpoint to call it: where it is, which parts a
 *  call has, and its query's parameters in their declared order. */
export interface DeclaredRoute {
  method: string;
  path: string;
  parts: ('params' | 'query' | 'headers' | 'body')[];
  query?: string[];
}

const PARTS = ['params', 'query', 'headers', 'body'] as const;

function routeOf(endpoint: (typeof API)[EndpointName]): DeclaredRoute {
  const declared = endpoint as Partial<Record<(typeof PARTS)[number], object>> & { method: string; path: string };
  const query = declared.query && 'shape' in declared.query ? Object.keys(declared.query.shape as object) : undefined;
  return {
    method: declared.method.toUpperCase(),
    path: declared.path,
    parts: PARTS.filter((part) => declared[part]),
    ...(query && { query }),
  };
}

/**
 * Each endpoint of the contracts' `API`, as the storefront calls it. Browser builds take this
 * module's value, worked out when webpack builds (`webpack/build-time-value.mjs`), instead of its
 * code: the page gets these few strings, not the declaration's zod schemas.
 */
export const DECLARED_ROUTES = Object.fromEntries(Object.entries(API).map(([name, endpoint]) => [name, routeOf(endpoint)])) as Record<
  EndpointName,
  DeclaredRoute
>;
