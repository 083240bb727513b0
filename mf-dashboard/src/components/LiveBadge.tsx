import type { OrderStreamState } from '@bazar/web-kit/orders';

/** Whether the page hears of order changes as they happen, or is (re)connecting. */
export function LiveBadge({ state }: { state: OrderStreamState }) {
  const live = state === 'live';
  return (
    <p className={`flex items-center gap-1.5 text-xs font-medium ${live ? 'text-brand-700' : 'text-stone-500'}`}>
      <span aria-hidden className={`size-2 rounded-full ${live ? 'bg-brand-500' : 'bg-stone-300'}`} />
      {live ? 'Live updates on' : 'Connecting for live updates…'}
    </p>
  );
}
