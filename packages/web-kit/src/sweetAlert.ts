// SweetAlert2 with the store's look. Loaded on the first dialog (see dialogs.ts), together with
// SweetAlert2's stylesheet in a cascade layer below Tailwind's utilities, so the classes here win.
// The page runs the shell's copy of this module, and the shell's Tailwind build scans this file:
// these classes exist unscoped, as the dialogs need (they are appended to <body>, outside any remote).
import Swal, { type SweetAlertCustomClass } from 'sweetalert2';
import '../styles/dialogs.css';

const button = 'mx-1.5 rounded-full px-8 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

export const look = {
  container: '[--swal2-backdrop:rgb(28_25_23/0.5)]',
  popup: 'w-[min(26rem,calc(100vw-2rem))] [--swal2-border-radius:var(--radius-2xl)] px-6 pt-8 pb-7 font-sans text-stone-600 shadow-2xl',
  title: 'px-0 pt-2 text-2xl font-bold text-stone-800',
  htmlContainer: 'mx-0 px-0 pt-2 text-base text-stone-600',
  actions: 'mt-6',
  confirmButton: `${button} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`,
  cancelButton: `${button} border border-stone-300 bg-white text-stone-700 hover:bg-stone-50 focus-visible:outline-stone-400`,
  footer: 'mx-0 mt-6 border-stone-200 px-0 pt-4 text-sm',
  timerProgressBar: 'bg-brand-500',
} satisfies SweetAlertCustomClass;

export const dangerButton = `${button} bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600`;

/** Icon colours for the inline styles SweetAlert2 sets: the theme's (brand green, accent, Tailwind
 *  red; the shell's stylesheet defines them), with a fallback should one not be defined. */
export const iconColors = {
  success: 'var(--color-brand-600, green)',
  info: 'var(--color-accent-500, darkorange)',
  warning: 'var(--color-accent-500, darkorange)',
  error: 'var(--color-red-600, red)',
} as const;

/** Where the focus was when the dialog opened (not a dialog's own button, when one replaced another). */
let focusBeforeDialog: Element | null = null;

/** SweetAlert2 with the defaults every store dialog shares. */
export const storeSwal = Swal.mixin({
  buttonsStyling: false,
  customClass: look,
  // The shell's layout sizes itself; SweetAlert2's `height: auto` on <html> and <body> is not needed.
  heightAuto: false,
  // SweetAlert2 gives the focus back 100 ms after the dialog has gone: an admin who clicked the next
  // field and typed on meanwhile had the rest of the keys land in the field the dialog refused. It
  // is given back as the dialog goes instead, and only if nothing else has taken it.
  returnFocus: false,
  willOpen: () => {
    if (!document.activeElement?.closest('.swal2-container')) focusBeforeDialog = document.activeElement;
  },
  didClose: () => {
    const focusIsFree = document.activeElement === null || document.activeElement === document.body;
    if (focusIsFree && focusBeforeDialog instanceof HTMLElement) focusBeforeDialog.focus();
    focusBeforeDialog = null;
  },
});
