import { Download } from 'lucide-react';
import { showNotice } from '@bazar/web-kit';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate } from '@bazar/web-kit/i18n';
import { useExportOrdersMutation } from '../../admin-api';
import { useDashboardText } from '../../i18n';
import type { Filters } from './OrderFilters';

/** Downloads every order the filters find (not only the page shown) as a CSV file. */
export function ExportOrders({ filters }: { filters: Filters }) {
  const t = useDashboardText();
  const [exportOrders, exporting] = useExportOrdersMutation();

  async function download() {
    const result = await exportOrders(filters);
    if ('error' in result)
      void showNotice({ tone: 'error', title: translate('common:oops'), text: refusalText(result.error) ?? t('exportFailed') });
  }

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={exporting.isLoading}
      aria-busy={exporting.isLoading}
      className="inline-flex items-center gap-2 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
    >
      <Download className="size-4" aria-hidden />
      {exporting.isLoading ? t('exporting') : t('exportCsv')}
    </button>
  );
}
