import { Check, X } from 'lucide-react';
import { ORDER_STEPS, type Order, type OrderStatus } from '@bazar/contracts';
import { useOrderStatusLabel } from '@bazar/web-kit/orders';
import { useFormats } from '@bazar/web-kit/i18n';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useCartText } from '../i18n';

interface Step {
  status: OrderStatus;
  /** when the order reached it; none for a step still to come */
  at?: string;
}

/** The way to delivery with the time of each step reached; a cancelled order ends where it was
 *  cancelled instead. */
function stepsOf(order: Order): Step[] {
  const reached = new Map(order.history.map((change) => [change.status, change.at]));
  // an order from before its history was kept still has its placing time
  if (!reached.has('placed')) reached.set('placed', order.placedAt);
  if (order.status === 'cancelled') {
    return [...ORDER_STEPS.filter((status) => reached.has(status)), 'cancelled' as const].map((status) => ({
      status,
      at: reached.get(status),
    }));
  }
  return ORDER_STEPS.map((status) => ({ status, at: reached.get(status) }));
}

export function OrderTimeline({ order }: { order: Order }) {
  const steps = stepsOf(order);
  const t = useCartText();
  const label = useOrderStatusLabel();
  const { formatTime } = useFormats();
  const { slotText } = useDeliveryWords();
  return (
    <ol aria-label={t('orderStatus')} className="mt-4 flex flex-col gap-3 sm:flex-row sm:gap-0">
      {steps.map((step, index) => {
        const current = step.status === order.status;
        const done = step.at !== undefined;
        const cancelled = step.status === 'cancelled';
        const last = index === steps.length - 1;
        return (
          <li
            key={step.status}
            aria-current={current ? 'step' : undefined}
            className="relative flex items-start gap-3 sm:flex-1 sm:flex-col sm:items-center sm:gap-1.5 sm:text-center"
          >
            {!last && (
              // the line to the next step: down on a phone, across on a wider screen
              <span
                aria-hidden
                className={`absolute top-7 left-3 h-[calc(100%-1rem)] w-0.5 sm:top-3 sm:left-[calc(50%+0.875rem)] sm:h-0.5 sm:w-[calc(100%-1.75rem)] ${steps[index + 1]?.at ? 'bg-brand-500' : 'bg-stone-200'}`}
              />
            )}
            <span
              aria-hidden
              className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 ${
                cancelled
                  ? 'border-red-600 bg-red-600 text-white'
                  : done
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-stone-300 bg-white'
              } ${current && !cancelled ? 'ring-4 ring-brand-100' : ''}`}
            >
              {cancelled ? <X className="size-3.5" strokeWidth={3} /> : done && <Check className="size-3.5" strokeWidth={3} />}
            </span>
            <span className="min-w-0">
              <span
                className={`block text-sm ${current ? 'font-bold' : 'font-medium'} ${cancelled ? 'text-red-700' : done ? 'text-stone-800' : 'text-stone-500'}`}
              >
                {label(step.status)}
              </span>
              {step.at ? (
                <time dateTime={step.at} className="block text-xs text-stone-500">
                  {formatTime(step.at)}
                </time>
              ) : (
                <>
                  <span className="sr-only">{t('notYet')}</span>
                  {/* the way ends in the slot the shopper chose */}
                  {step.status === 'delivered' && order.slot && (
                    <span className="block text-xs font-medium text-brand-700">{slotText(order.slot)}</span>
                  )}
                </>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
