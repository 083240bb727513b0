import { SampleTable } from '../components/SampleTable';

export default function ComparePage() {
  return <SampleTable title="Compare" />;
}
