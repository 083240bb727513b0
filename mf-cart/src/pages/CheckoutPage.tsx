import { useState, type FormEvent } from 'react';
import { Link, useLocation } from '@bazar/web-kit/routing';
import { ShoppingBag, Truck } from 'lucide-react';
import { BD_MOBILE_INPUT_PATTERN, IDEMPOTENCY_KEY_HEADER } from '@bazar/contracts';
import { LoadFailure, showNotice } from '@bazar/web-kit';
import { translate } from '@bazar/web-kit/i18n';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import '../styles.css';
import { pointsToMyOrders, usePlaceOrderMutation } from '../api';
import { useMyCart } from '../components/useMyCart';
import { copyOf, DeliveryAddressPicker, NEW_ADDRESS, newAddressOf } from '../components/DeliveryAddressPicker';
import { DeliverySlotPicker } from '../components/DeliverySlotPicker';
import { useAddAddressMutation, useGetDeliverySlotsQuery, useGetMyAddressesQuery } from '../delivery-api';
import { OrderSummary } from '../components/OrderSummary';
import { VerifyEmailNotice } from '../components/VerifyEmailNotice';
import { useCartText } from '../i18n';
import { useRefusalText } from '../refusals';

const field =
  'mt-1 w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

export default function CheckoutPage() {
  const { shopper, lines, totals } = useMyCart();
  const location = useLocation();
  const t = useCartText();
  const refusalText = useRefusalText({ lines });
  // the words of slots and addresses load with the page's own: asked for only once the slots and addresses came,
  // they would send the page back to its spinner
  useDeliveryWords();
  const [placeOrder, placing] = usePlaceOrderMutation();
  // One key per filled-in form: a retry or a double click of the same order is recognised by the
  // server. A new key cannot order the same cart twice either: the server refuses it (409).
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [formKey, setFormKey] = useState(0);
  // where and when (issue 54): the default address is chosen until the shopper picks another; a
  // slot chosen stays chosen only while it is still offered (the list is read again each minute
  // and after every order)
  const addressBook = useGetMyAddressesQuery(undefined, { refetchOnMountOrArgChange: true });
  const addresses = addressBook.data ?? [];
  const [addressPicked, setAddressPicked] = useState<string>();
  const addressChoice =
    addressPicked ??
    addresses.find((address) => address.isDefault)?._id ??
    (addressBook.isSuccess || addressBook.isError ? NEW_ADDRESS : undefined);
  const [addAddress, adding] = useAddAddressMutation();
  const deliverySlots = useGetDeliverySlotsQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  const [slotPicked, setSlotPicked] = useState<string>();
  const slot = deliverySlots.data?.slots.some((one) => one.id === slotPicked && one.offered) ? slotPicked : undefined;
  const canPlace = lines.length > 0 && totals.total > 0 && addressChoice !== undefined && !placing.isLoading && !adding.isLoading;
  const oops = (text: string) => void showNotice({ tone: 'error', title: translate('common:oops'), text });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!slot) {
      oops(t('delivery.pickSlot'));
      document.getElementById('delivery-slot')?.focus();
      return;
    }
    const saved = addresses.find((address) => address._id === addressChoice);
    const address = saved ? copyOf(saved) : newAddressOf(form);
    if (!saved && form.get('address.save')) {
      const added = await addAddress({ address, makeDefault: form.get('address.makeDefault') === 'on' });
      if (added.error) return oops(refusalText(added.error));
      setAddressPicked(added.data._id);
      void addressBook.refetch();
    }
    const result = await placeOrder({
      headers: { [IDEMPOTENCY_KEY_HEADER]: requestId },
      body: {
        name: String(form.get('name')),
        email: shopper?.email ?? '',
        phone: String(form.get('phone')),
        addinfo: String(form.get('addinfo')),
        address,
        slot,
        total: totals.total,
        mycart: lines,
      },
    });
    // Every outcome reads the cart and the stock again (the api's tags): a refusal for stock shows
    // what is left, a placed order shows the emptied cart.
    if (result.error) {
      void showNotice({
        tone: 'error',
        title: translate('common:oops'),
        text: refusalText(result.error),
        ...(pointsToMyOrders(result.error) && { footer: { text: translate('cart:goToMyOrders'), href: '/dashboard/my-orders' } }),
      });
      return;
    }
    void showNotice({
      tone: 'success',
      title: translate('cart:orderPlaced'),
      text: translate('cart:goPay'),
      autoCloseMs: 2000,
    });
    setRequestId(crypto.randomUUID());
    setSlotPicked(undefined);
    setFormKey((k) => k + 1);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_24rem]">
      <section>
        <VerifyEmailNotice className="mb-4" />
        <p className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
          {t('returningCustomer')}{' '}
          <Link to="/login" state={{ from: location }} className="font-semibold underline">
            {t('clickToLogin')}
          </Link>
        </p>
        <h1 className="mt-8 text-3xl font-extrabold text-stone-800">{t('billingDetails')}</h1>
        <form key={formKey} id="billing" onSubmit={(e) => void submit(e)} className="mt-6 grid gap-4">
          <label className="block text-sm font-medium text-stone-700">
            {t('name')}
            <input name="name" required defaultValue={shopper?.name} className={field} />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            {t('email')}
            <input name="email" type="email" readOnly value={shopper?.email ?? ''} className={`${field} bg-stone-100 text-stone-500`} />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            {t('phoneOptional')}
            <input
              name="phone"
              type="tel"
              placeholder={t('phoneExample')}
              pattern={BD_MOBILE_INPUT_PATTERN}
              // the browser's own words for a mismatch ('Match the requested format') are in its
              // language, and say nothing of what a phone number here is
              onInvalid={(event) => event.currentTarget.setCustomValidity(t('notAMobileNumber'))}
              onInput={(event) => event.currentTarget.setCustomValidity('')}
              className={field}
            />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            {t('additionalInformation')}
            <textarea name="addinfo" rows={4} placeholder={t('additionalPlaceholder')} className={field} />
          </label>
          {addressChoice !== undefined && (
            <DeliveryAddressPicker addresses={addresses} choice={addressChoice} onChoice={setAddressPicked} />
          )}
          {deliverySlots.isError && <LoadFailure what={t('delivery.slotHeading')} onRetry={() => void deliverySlots.refetch()} />}
          {deliverySlots.data && (
            <DeliverySlotPicker
              slots={deliverySlots.data.slots}
              readAt={deliverySlots.fulfilledTimeStamp ?? 0}
              value={slot}
              onChange={setSlotPicked}
            />
          )}
        </form>
        <div className="mt-8 hidden grid-cols-2 gap-4 sm:grid" aria-hidden>
          <div className="flex h-40 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
            <ShoppingBag className="size-20" strokeWidth={1.25} />
          </div>
          <div className="flex h-40 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Truck className="size-20" strokeWidth={1.25} />
          </div>
        </div>
      </section>
      <aside aria-label={t('yourOrderLabel')} className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-xl font-bold text-stone-800">{t('yourOrder')}</h2>
        <OrderSummary totals={totals} delivery="checkoutDelivery" />
        <button
          type="submit"
          form="billing"
          disabled={!canPlace}
          className="mt-6 w-full rounded-full bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300"
        >
          {t('placeOrder')}
        </button>
      </aside>
    </div>
  );
}
