// Sonner, with the store's look. Fetched after the first view (toast.ts says when), not with it: the
// page runs the shell's copy of this module, so every app's toasts reach the one Toaster.
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { useTranslation } from '@bazar/web-kit/i18n';

let toasterMounted: () => void;
/** Settles once the Toaster is in the page: a toast shown before it would be lost. */
export const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));

export function StoreToaster() {
  const { t } = useTranslation('common');
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      // Long enough to reach Undo; the timer also waits while the pointer or the focus is on a toast.
      duration={6000}
      containerAriaLabel={t('notifications')}
      // Sonner's own stylesheet is outside Tailwind's layers and so wins over plain utilities.
      toastOptions={{
        classNames: {
          toast: 'font-sans text-sm',
          title: 'text-base font-semibold!',
          // The rich colours' green is too light for small text on white (WCAG contrast).
          success: 'border-brand-200! bg-brand-50! text-brand-800!',
          description: 'text-stone-700!',
          actionButton: 'h-8! rounded-full! bg-brand-700! px-4! text-sm! font-semibold! text-white! hover:bg-brand-800!',
        },
      }}
    />
  );
}

export { toast };
