import { messageFiles, useTranslation } from '@bazar/web-kit/i18n';

messageFiles('dashboard', (language) => import(`./messages/${language}.json`));

/** The dashboard's messages in the active language. */
export function useDashboardText() {
  return useTranslation('dashboard').t;
}
