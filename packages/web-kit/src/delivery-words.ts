// Delivery slots and addresses in the page's language, worded once for checkout, My Orders and the
// receipt (mf-cart) and the admin's Orders page (mf-dashboard). Not part of the shell's first render
// and not a federation singleton: it holds nothing of its own (the language and the messages are the
// page's one i18n instance's), so each app that shows a slot bundles this copy, and its message
// files, src/delivery-words/en.json and bn.json, are fetched by the first page that asks for them.
import { messageFiles, useLanguage, useTranslation } from '@bazar/web-kit/i18n';
import { deliveryWording } from './delivery-words/wording';

messageFiles('deliveryWords', (language) => import(`./delivery-words/${language}.json`));

/**
 * `slotHours`, `slotDay` and `slotText` of a slot id ('2026-12-07T14': "Tomorrow, 2:00 – 4:00 PM",
 * "আগামীকাল, দুপুর ২টা–৪টা"), and an address as lines (`addressLines`) or one line (`addressText`).
 * The component renders again when the language changes. A page that shows a slot only once its
 * data has arrived calls it as it first renders too, so that the words load with the page's own
 * rather than sending the shown page back to its spinner.
 */
export function useDeliveryWords() {
  const { t } = useTranslation('deliveryWords');
  return deliveryWording(useLanguage(), (key, values) => t(key, values ?? {}));
}
