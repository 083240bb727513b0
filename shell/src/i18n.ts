import { messageFiles, useTranslation } from '@bazar/web-kit/i18n';

messageFiles('shell', (language) => import(`./messages/${language}.json`));

/** The shell's messages in the active language. */
export function useShellText() {
  return useTranslation('shell').t;
}
