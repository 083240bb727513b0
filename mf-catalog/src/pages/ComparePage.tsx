import { SampleTable } from '../components/SampleTable';
import { useCatalogText } from '../i18n';

export default function ComparePage() {
  const t = useCatalogText();
  return <SampleTable title={t('sampleTable.compare')} />;
}
