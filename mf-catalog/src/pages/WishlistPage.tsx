import { SampleTable } from '../components/SampleTable';

export default function WishlistPage() {
  return <SampleTable title="Wishlist" />;
}
