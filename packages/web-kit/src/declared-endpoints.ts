import type {
  EndpointBuilder,
  FetchArgs,
  fetchBaseQuery,
  FetchBaseQueryMeta,
  MutationDefinition,
  QueryDefinition,
} from '@reduxjs/toolkit/query/react';
import type { API, CallParts, EndpointName, SuccessAnswer } from '@bazar/contracts';
import { DECLARED_ROUTES, type DeclaredRoute } from './declared-routes';

type Parts<K extends EndpointName> = CallParts<(typeof API)[K]>;
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * How the storefront passes a call of a declared endpoint: nothing when the call has no parts; when
 * it has one, the value of its one path parameter, or that part itself (the body, the query); else
 * its parts, `{ params, body }` or `{ headers, body }`. Each part as its schema takes it.
 */
export type DeclaredArg<K extends EndpointName> = [keyof Parts<K>] extends [never]
  ? void
  : true extends IsUnion<keyof Parts<K>>
    ? Parts<K>
    : Parts<K> extends { params: infer P }
      ? true extends IsUnion<keyof P>
        ? P
        : P[keyof P]
      : Parts<K>[keyof Parts<K>];

/** What a declared endpoint answers when it succeeds. */
export type DeclaredAnswer<K extends EndpointName> = SuccessAnswer<(typeof API)[K]>;

/** The kinds of answer the storefront's api caches, which a mutation makes it read again. */
export const STOREFRONT_TAGS = ['Product', 'Offer', 'Cart', 'Order', 'User', 'Wishlist', 'Review'] as const;
type Tag = (typeof STOREFRONT_TAGS)[number];
/** The storefront api's name in the store. */
type Path = 'api';

/** The storefront api's base query: `fetchBaseQuery`'s, whose answers are JSON of any shape. */
type BQ = ReturnType<typeof fetchBaseQuery>;

type CallOf = Partial<Record<DeclaredRoute['parts'][number], Record<string, unknown>>>;

const PATH_PARAM = /\{(\w+)\}/g;

/** The argument as the call's parts (see `DeclaredArg`). */
function partsOf(route: DeclaredRoute, arg: unknown): CallOf {
  if (route.parts.length !== 1) return (arg ?? {}) as CallOf;
  const [part] = route.parts as [DeclaredRoute['parts'][number]];
  const pathParams = [...route.path.matchAll(PATH_PARAM)].map(([, name]) => name!);
  const value = part === 'params' && pathParams.length === 1 ? { [pathParams[0]!]: arg } : arg;
  return { [part]: value as Record<string, unknown> };
}

/** The query string, its parameters in their declared order (the URL the shell's preload asks for). */
function searchOf(route: DeclaredRoute, query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const key of route.query ?? Object.keys(query)) {
    const value = query[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.size > 0 ? `?${search}` : '';
}

/** The request of a call of the declared endpoint `name`: its method, its path with the params, the
 *  query, the headers and the body. */
export function declaredRequest<K extends EndpointName>(name: K, arg: DeclaredArg<K>): FetchArgs {
  const route = DECLARED_ROUTES[name];
  const { params, query, headers, body } = partsOf(route, arg);
  const path = route.path.replace(PATH_PARAM, (_, param: string) => encodeURIComponent(String(params?.[param])));
  return {
    url: path + searchOf(route, query),
    method: route.method,
    ...(headers && { headers: headers as Record<string, string> }),
    ...(body && { body }),
  };
}

type Own<Definition> = Definition extends unknown ? Omit<Definition, 'type' | 'query' | 'queryFn' | 'transformResponse'> : never;

/** The answer as the page reads it, when that is not the declared answer itself. */
interface Transform<K extends EndpointName, Result> {
  transformResponse: (answer: DeclaredAnswer<K>, meta: FetchBaseQueryMeta | undefined, arg: DeclaredArg<K>) => Result | Promise<Result>;
}

/** What a remote adds to a declared query: the tags it provides, an `onQueryStarted`… */
export type DeclaredQueryOptions<K extends EndpointName, Result> = Own<
  QueryDefinition<DeclaredArg<K>, BQ, Tag, Result, Path, DeclaredAnswer<K>>
>;

/** What a remote adds to a declared mutation: the tags it invalidates, its optimistic update… */
export type DeclaredMutationOptions<K extends EndpointName, Result> = Own<
  MutationDefinition<DeclaredArg<K>, BQ, Tag, Result, Path, DeclaredAnswer<K>>
>;

type Query<K extends EndpointName, Result> = QueryDefinition<DeclaredArg<K>, BQ, Tag, Result, Path, DeclaredAnswer<K>>;
type Mutation<K extends EndpointName, Result> = MutationDefinition<DeclaredArg<K>, BQ, Tag, Result, Path, DeclaredAnswer<K>>;

/**
 * The query of the contracts' endpoint `name`, called as its declaration says (method, path, parts)
 * and typed by its schemas: `getMyCart: declaredQuery(build, 'myCart', { providesTags: ['Cart'] })`;
 * with a `transformResponse`, the page reads what it returns. An endpoint taken out of the
 * declaration no longer type-checks here.
 */
export function declaredQuery<K extends EndpointName, Result>(
  build: EndpointBuilder<BQ, Tag, Path>,
  name: K,
  options: DeclaredQueryOptions<K, NoInfer<Result>> & Transform<K, Result>,
): Query<K, Result>;
export function declaredQuery<K extends EndpointName>(
  build: EndpointBuilder<BQ, Tag, Path>,
  name: K,
  options?: DeclaredQueryOptions<K, DeclaredAnswer<K>>,
): Query<K, DeclaredAnswer<K>>;
export function declaredQuery<K extends EndpointName>(build: EndpointBuilder<BQ, Tag, Path>, name: K, options?: object) {
  return build.query({ ...options, query: (arg: DeclaredArg<K>) => declaredRequest(name, arg) });
}

/** The mutation of the contracts' endpoint `name` (see `declaredQuery`). */
export function declaredMutation<K extends EndpointName, Result>(
  build: EndpointBuilder<BQ, Tag, Path>,
  name: K,
  options: DeclaredMutationOptions<K, NoInfer<Result>> & Transform<K, Result>,
): Mutation<K, Result>;
export function declaredMutation<K extends EndpointName>(
  build: EndpointBuilder<BQ, Tag, Path>,
  name: K,
  options?: DeclaredMutationOptions<K, DeclaredAnswer<K>>,
): Mutation<K, DeclaredAnswer<K>>;
export function declaredMutation<K extends EndpointName>(build: EndpointBuilder<BQ, Tag, Path>, name: K, options?: object) {
  return build.mutation({ ...options, query: (arg: DeclaredArg<K>) => declaredRequest(name, arg) });
}
