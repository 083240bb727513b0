import { CalendarClock, MapPin } from 'lucide-react';
import type { Order } from '@bazar/contracts';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useCartText } from '../i18n';

/** An order's delivery slot and the address it goes to (the copy it was placed with). */
export function DeliveryFacts({ order }: { order: Order }) {
  const t = useCartText();
  const { slotText, addressText } = useDeliveryWords();
  if (!order.slot && !order.address) return null;
  return (
    <dl className="mt-3 grid gap-1 text-sm text-stone-700">
      {order.slot && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('delivery.slotHeading')}</dt>
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <dd data-testid="order-slot">{t('delivery.deliverySlot', { slot: slotText(order.slot) })}</dd>
        </div>
      )}
      {order.address && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('delivery.addressHeading')}</dt>
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <dd className="min-w-0 break-words">{t('delivery.deliverTo', { address: addressText(order.address) })}</dd>
        </div>
      )}
    </dl>
  );
}
