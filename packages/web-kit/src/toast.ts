import { lazy } from 'react';

export interface ToastOptions {
  title: string;
  text?: string;
  tone: 'success' | 'info' | 'error';
  /** A button in the toast, such as Undo; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
}

const load = () => import('./toasts');

/** Where the toasts show; the shell mounts it once, in its layout. */
export const Toasts = lazy(() => load().then((module) => ({ default: module.StoreToaster })));

/** A message that does not block the page and closes by itself (the dialogs of `showNotice` are
 *  modal): news the shopper may ignore, such as a product added to the cart. */
export async function showToast({ title, text, tone, action }: ToastOptions): Promise<void> {
  const { toast, toasterReady } = await load();
  await toasterReady;
  toast[tone](title, { description: text, action });
}
