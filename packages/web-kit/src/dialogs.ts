// The store's modal messages and confirmations (the spec's popups), on SweetAlert2. The library and
// its stylesheet are fetched on the first dialog, not with the page.
import { translate } from '@bazar/web-kit/i18n';

export type NoticeTone = 'success' | 'info' | 'error';

export interface NoticeOptions {
  title: string;
  text: string;
  tone: NoticeTone;
  /** Closes by itself after this many milliseconds, with a bar showing the time left. */
  autoCloseMs?: number;
  /** A link under the message, e.g. where to get help. */
  footer?: { text: string; href: string };
}

export interface ConfirmOptions {
  title: string;
  text: string;
  /** The label of the button that goes ahead, e.g. 'Yes, delete it!'. */
  confirmText: string;
  cancelText?: string;
}

const load = () => import('./sweetAlert');

/** Shows a message in a modal dialog; resolves once it is closed (by the user or by its timer). */
export async function showNotice({ title, text, tone, autoCloseMs, footer }: NoticeOptions): Promise<void> {
  const { storeSwal, iconColors } = await load();
  await storeSwal.fire({
    icon: tone,
    iconColor: iconColors[tone],
    // Title and text are set as text, never parsed as HTML.
    titleText: title,
    text,
    footer: footer && footerLink(footer),
    confirmButtonText: translate('common:ok'),
    timer: autoCloseMs,
    timerProgressBar: autoCloseMs !== undefined,
  });
}

/** Asks before something that cannot be undone; resolves true only if the user confirmed. The
 *  cancel button has the focus, so Enter does not confirm by accident. */
export async function confirmDanger({
  title,
  text,
  confirmText,
  cancelText = translate('common:cancel'),
}: ConfirmOptions): Promise<boolean> {
  const { storeSwal, iconColors, look, dangerButton } = await load();
  const answer = await storeSwal.fire({
    icon: 'warning',
    iconColor: iconColors.warning,
    titleText: title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    focusCancel: true,
    customClass: { ...look, confirmButton: dangerButton },
  });
  return answer.isConfirmed;
}

function footerLink({ text, href }: { text: string; href: string }): HTMLElement {
  const link = document.createElement('a');
  link.href = href;
  link.textContent = text;
  link.className = 'font-semibold text-brand-700 underline hover:text-brand-800';
  return link;
}
