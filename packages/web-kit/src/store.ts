import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { combineSlices, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { storefrontApi } from './api';
import { sessionSlice } from './session';

/**
 * Slices a remote adds at run time with `slice.injectInto(rootReducer)`; the remote declares its
 * slice here by module augmentation so selectors stay typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The storefront's reducer: the shared api and session, plus whatever the remotes inject. */
export const rootReducer = combineSlices(storefrontApi, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type StorefrontState = ReturnType<typeof rootReducer>;

/** How a remote hands the shell a route whose data is loaded before the screen shows: the shell
 *  passes its store's dispatch, the remote answers with the route's loader and component. */
export type RemoteRoute = (dispatch: StorefrontDispatch) => {
  loader: LoaderFunction;
  Component: ComponentType;
};
export type StorefrontDispatch = ThunkDispatch<StorefrontState, unknown, UnknownAction>;
