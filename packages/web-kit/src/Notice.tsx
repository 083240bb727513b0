import { useEffect, useRef } from 'react';
import { showNotice, type NoticeOptions } from './dialogs';

/** @deprecated Use `NoticeOptions` with `showNotice`. */
export type NoticeMessage = NoticeOptions;

/**
 * @deprecated Call `showNotice` instead. Kept only so that a remote built before the dialogs moved
 * to SweetAlert2 keeps working against a newer shell (the page runs the shell's web-kit): remove it
 * once every remote has been redeployed.
 */
export function Notice({ message, onClose }: { message: NoticeMessage | undefined; onClose: () => void }) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (message) void showNotice(message).then(() => close.current());
  }, [message]);
  return null;
}
