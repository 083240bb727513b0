// The store (the session; the api joins it from `@bazar/web-kit/api`), its React bindings, and the
// UI kit. Everything here is part of the shell's first render; the router is `@bazar/web-kit/routing`.
export {
  makeStore,
  rootReducer,
  injectApi,
  type LazyLoadedSlices,
  type RemoteRoute,
  type StorefrontDispatch,
  type StorefrontState,
  type StorefrontStore,
} from './store';
// The store's React bindings, from web-kit so that every app uses the one copy of react-redux.
export { Provider as StoreProvider, useStore } from 'react-redux';
export {
  signedIn,
  signedOut,
  useSession,
  useShopper,
  provideAccessToken,
  currentAccessToken,
  type SessionState,
  type Shopper,
} from './session';
export { Spinner } from './Spinner';
export { MenusContext, useMenu } from './menus';
export type { Access, FirstRead, MenuLink, MenuName, PageRoute, PublishedRoute } from './pages';
export { LoadFailure } from './LoadFailure';
// Prices in the active language (Bangla digits in Bangla); components use `useFormats` from
// `@bazar/web-kit/i18n`, which renders them again when the language changes.
export { formatTaka } from '@bazar/web-kit/i18n';
export { showNotice, confirmDanger, type NoticeOptions, type NoticeTone, type ConfirmOptions } from './dialogs';
export { showToast, Toasts, type ToastOptions } from './toast';
export { Notice, type NoticeMessage } from './Notice';
export { serverMessage } from './serverMessage';
