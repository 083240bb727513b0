import type { ComponentType } from 'react';
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { LoaderFunction } from './routing';
import { sessionSlice } from './session';

/**
 * Slices that join the store at run time: the storefront api (`@bazar/web-kit/api`), and any slice
 * a remote adds with `slice.injectInto(rootReducer)`, each declared here by module augmentation so
 * selectors stay typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The storefront's reducer: the session, plus the api and whatever the remotes inject. */
export const rootReducer = combineSlices(sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

const lazyLoadedMiddleware = createDynamicMiddleware();
const stores = new Set<StorefrontStore>();

/** The storefront's one store, which the shell makes; the api and every remote's endpoints and
 *  slices are injected into it. */
export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(lazyLoadedMiddleware.middleware),
  });
  stores.add(store);
  return store;
}

export type StorefrontStore = ReturnType<typeof makeStore>;

/** The storefront api (`@bazar/web-kit/api`) as the store takes it in: its state under `api`, whose
 *  type that module declares in LazyLoadedSlices, and its middleware. Stated here rather than taken
 *  from the api's module, which imports the store to join it: the store stands on its own. */
type JoiningApi = {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Parameters<typeof lazyLoadedMiddleware.addMiddleware>[0];
};

/**
 * Adds the api, whose code arrives after the store was made: its reducer, its middleware, and its
 * state at once (replacing the reducer runs it), because the api's first action is a thunk that
 * reads that state before any reducer would otherwise have run.
 */
export function injectApi(api: JoiningApi): void {
  rootReducer.inject(api);
  lazyLoadedMiddleware.addMiddleware(api.middleware);
  for (const store of stores) store.replaceReducer(rootReducer);
}

export type StorefrontState = ReturnType<typeof rootReducer>;

/** How a remote hands the shell a route whose data is loaded before the screen shows: the shell
 *  passes its store's dispatch, the remote answers with the route's loader and component. */
export type RemoteRoute = (dispatch: StorefrontDispatch) => {
  loader: LoaderFunction;
  Component: ComponentType;
};
export type StorefrontDispatch = ThunkDispatch<StorefrontState, unknown, UnknownAction>;
