import { createElement, lazy, useEffect, useSyncExternalStore } from 'react';

export interface ToastOptions {
  title: string;
  text?: string;
  tone: 'success' | 'info' | 'error';
  /** A button in the toast, such as Undo; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
}

const load = () => import('./toasts');
const StoreToaster = lazy(() => load().then((module) => ({ default: module.StoreToaster })));

// Sonner is no part of the first view: its Toaster (an empty live region until a toast comes) is
// mounted once the browser is idle after it, or at once when a toast is shown before that.
let wanted = false;
const listeners = new Set<() => void>();
function mountToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the toasts show; the shell mounts it once, in its layout, inside a Suspense boundary. */
export function Toasts() {
  // A rendered page has no Toaster in its HTML, which hydration keeps (the server's snapshot).
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    // Safari has no requestIdleCallback
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(mountToaster, 200);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(mountToaster);
    return () => cancelIdleCallback(idle);
  }, []);
  return mounted ? createElement(StoreToaster) : null;
}

/** A message that does not block the page and closes by itself (the dialogs of `showNotice` are
 *  modal): news the shopper may ignore, such as a product added to the cart. */
export async function showToast({ title, text, tone, action }: ToastOptions): Promise<void> {
  mountToaster();
  const { toast, toasterReady } = await load();
  await toasterReady;
  toast[tone](title, { description: text, action });
}
