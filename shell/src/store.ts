import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { rootReducer, storefrontApi } from '@bazar/web-kit';

/** The storefront's one store; every remote's api endpoints and slices are injected into it. */
export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(storefrontApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type StorefrontStore = ReturnType<typeof makeStore>;
