export { storefrontApi, useGetOffersQuery, useGetMyCartQuery } from './api';
export { rootReducer, type LazyLoadedSlices, type RemoteRoute, type StorefrontDispatch, type StorefrontState } from './store';
export { signedIn, signedOut, useSession, useShopper, provideAccessToken, type SessionState, type Shopper } from './session';
export { Spinner } from './Spinner';
// One formatter for every price on screen, declared with the money rules in the contracts.
export { formatTaka } from '@bazar/contracts';
export { showNotice, confirmDanger, type NoticeOptions, type NoticeTone, type ConfirmOptions } from './dialogs';
export { Notice, type NoticeMessage } from './Notice';
export { serverMessage } from './serverMessage';
