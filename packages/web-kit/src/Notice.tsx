import { useEffect, useRef } from 'react';

export interface NoticeMessage {
  title: string;
  text: string;
  tone: 'success' | 'info' | 'error';
  /** Closes by itself after this many milliseconds. */
  autoCloseMs?: number;
}

const toneLook = {
  success: 'bg-brand-100 text-brand-700',
  info: 'bg-sky-100 text-sky-700',
  error: 'bg-red-100 text-red-700',
} as const;
const toneMark = { success: '✓', info: 'i', error: '!' } as const;

/** The store's modal message (the spec's popups), on the native <dialog> element. */
export function Notice({ message, onClose }: { message: NoticeMessage | undefined; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!message) return;
    dialog.current?.showModal();
    if (!message.autoCloseMs) return;
    const timer = setTimeout(() => dialog.current?.close(), message.autoCloseMs);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="notice-title"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-8 text-center shadow-2xl backdrop:bg-stone-900/50"
    >
      {message && (
        <>
          <p
            className={`mx-auto flex size-16 items-center justify-center rounded-full text-3xl font-black ${toneLook[message.tone]}`}
            aria-hidden
          >
            {toneMark[message.tone]}
          </p>
          <h2 id="notice-title" className="mt-4 text-2xl font-bold text-stone-800">
            {message.title}
          </h2>
          <p className="mt-2 text-stone-600">{message.text}</p>
          <form method="dialog" className="mt-6">
            <button className="rounded-full bg-brand-600 px-8 py-2 font-semibold text-white hover:bg-brand-700">OK</button>
          </form>
        </>
      )}
    </dialog>
  );
}
