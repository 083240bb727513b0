import type { Router, RequestHandler } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route found for a request: the steps that answer it, its params, and what express would have
 *  set as `req.route` (the metrics label it by its path). */
export interface FoundRoute {
  steps: RequestHandler[];
  params: Record<string, string>;
  route: { path: string };
}

interface TableRoute {
  steps: RequestHandler[];
  route: { path: string };
}

const DECLARED = Symbol('routes declared in a route table');
type Declaring = Router & { [DECLARED]?: { method: RouteMethod; path: string; steps: RequestHandler[] }[] };

/** Adds a route to `router` (express path syntax) and records it for the route table the service
 *  builds from its routers (`RouteTable.addRoutesOf`). */
export function declareRoute(router: Router, method: RouteMethod, path: string, steps: RequestHandler[]): void {
  router[method](path, ...steps);
  ((router as Declaring)[DECLARED] ??= []).push({ method, path, steps });
}

/** express's router decodes a param this way, and so must the table; a broken %-escape makes the
 *  table give up, and express answers it (400). */
const decodeParam = (value: string) => (value.includes('%') ? decodeURIComponent(value) : value);

/**
 * The routes a service answers without express's router: found by method and path in one lookup (a
 * Map for fixed paths, then the patterns of that method), where express tries every layer of its
 * stack in turn, each through path-to-regexp. Every route here is also on the service's express
 * router, so a request the table does not find (another method, a path in capitals, a broken
 * %-escape) goes through express as it always did and gets express's answer.
 *
 * The table only finds what express would find first: a fixed path that an earlier pattern of the
 * same method also matches is refused when added.
 */
export class RouteTable {
  private readonly fixed = new Map<string, TableRoute>();
  private readonly patterns = new Map<string, { match: MatchFunction<Record<string, string>>; answer: TableRoute }[]>();

  add(method: RouteMethod, path: string, steps: RequestHandler[]): this {
    const METHOD = method.toUpperCase();
    const answer = { steps, route: { path } };
    if (!path.includes(':') && !path.includes('*')) {
      const shadowing = this.patterns.get(METHOD)?.find((pattern) => pattern.match(path));
      if (shadowing) throw new Error(`${METHOD} ${path} is matched by ${shadowing.answer.route.path}, declared before it`);
      this.fixed.set(`${METHOD} ${path}`, answer);
      return this;
    }
    const list = this.patterns.get(METHOD) ?? [];
    list.push({ match: match<Record<string, string>>(path, { decode: decodeParam, end: true, sensitive: false, trailing: true }), answer });
    this.patterns.set(METHOD, list);
    return this;
  }

  /** Adds the routes `declareRoute` put on `routers`, in their order. */
  addRoutesOf(...routers: Router[]): this {
    for (const router of routers)
      for (const { method, path, steps } of (router as Declaring)[DECLARED] ?? []) this.add(method, path, steps);
    return this;
  }

  /** The route of `method` and `url`, or undefined for express to look for. */
  find(method: string | undefined, url: string | undefined): FoundRoute | undefined {
    if (method === undefined || url === undefined || url.charCodeAt(0) !== 0x2f /* '/' */) return undefined;
    const query = url.indexOf('?');
    let path = query === -1 ? url : url.slice(0, query);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const lookup = method === 'HEAD' ? 'GET' : method;
    const fixed = this.fixed.get(`${lookup} ${path}`);
    if (fixed) return { steps: fixed.steps, params: {}, route: fixed.route };
    const patterns = this.patterns.get(lookup);
    if (!patterns) return undefined;
    for (const { match: matches, answer } of patterns) {
      let found;
      try {
        found = matches(path);
      } catch {
        return undefined;
      }
      if (found) return { steps: answer.steps, params: found.params, route: answer.route };
    }
    return undefined;
  }
}
