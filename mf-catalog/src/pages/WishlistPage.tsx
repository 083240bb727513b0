import { SampleTable } from '../components/SampleTable';
import { useCatalogText } from '../i18n';

export default function WishlistPage() {
  const t = useCatalogText();
  return <SampleTable title={t('sampleTable.wishlist')} />;
}
