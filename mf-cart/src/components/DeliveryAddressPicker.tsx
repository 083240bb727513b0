import { useId, useMemo, useState } from 'react';
import { BD_DISTRICTS, BD_MOBILE_INPUT_PATTERN, type DeliveryAddress, type SavedAddress } from '@bazar/contracts';
import { useLanguage } from '@bazar/web-kit/i18n';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useCartText } from '../i18n';

export const NEW_ADDRESS = 'new';

const field =
  'mt-1 w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';
const labelText = 'block text-sm font-medium text-stone-700';

/** The new address's fields as the checkout form holds them (`address.*`), or undefined when the
 *  shopper chose a saved one. */
export function newAddressOf(form: FormData): DeliveryAddress {
  const text = (name: string) => String(form.get(`address.${name}`) ?? '').trim();
  const optional = (name: string) => text(name) || undefined;
  return {
    label: optional('label'),
    district: text('district'),
    area: text('area'),
    road: text('road'),
    flat: optional('flat'),
    landmark: optional('landmark'),
    phone: text('phone'),
  };
}

/** A saved address as an order takes it: its fields, without the book's id and default mark. */
export function copyOf({ _id, isDefault, ...address }: SavedAddress): DeliveryAddress {
  void _id;
  void isDefault;
  return address;
}

/**
 * Where to deliver: the shopper's saved addresses (the default chosen first) or a new one, typed
 * here with the district and area from the store's list; a new one is saved to the book unless the
 * shopper says not to.
 */
export function DeliveryAddressPicker({
  addresses,
  choice,
  onChoice,
}: {
  addresses: SavedAddress[];
  choice: string;
  onChoice: (choice: string) => void;
}) {
  const t = useCartText();
  const id = useId();
  const { addressText } = useDeliveryWords();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-xl font-bold text-stone-800">{t('delivery.addressHeading')}</legend>
      {addresses.length > 0 && (
        <div role="radiogroup" aria-label={t('delivery.savedAddresses')} className="grid gap-2">
          {addresses.map((address) => (
            <label
              key={address._id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-address`}
                value={address._id}
                checked={choice === address._id}
                onChange={() => onChoice(address._id)}
                className="mt-1 accent-brand-600"
              />
              <span className="min-w-0 text-sm text-stone-700">
                <span className="font-semibold text-stone-800">{address.label || addressText(address).split(', ').at(-2)}</span>
                {address.isDefault && (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                    {t('delivery.default')}
                  </span>
                )}
                <span className="block break-words">{addressText(address)}</span>
                {address.landmark && <span className="block text-stone-500">{address.landmark}</span>}
                <span className="block text-stone-500">{address.phone}</span>
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input
              type="radio"
              name={`${id}-address`}
              value={NEW_ADDRESS}
              checked={choice === NEW_ADDRESS}
              onChange={() => onChoice(NEW_ADDRESS)}
              className="accent-brand-600"
            />
            <span className="text-sm font-semibold text-stone-800">{t('delivery.newAddress')}</span>
          </label>
        </div>
      )}
      {choice === NEW_ADDRESS && <NewAddressFields first={addresses.length === 0} />}
    </fieldset>
  );
}

function NewAddressFields({ first }: { first: boolean }) {
  const t = useCartText();
  const language = useLanguage();
  const [district, setDistrict] = useState('Dhaka');
  const nameOf = (place: { en: string; bn: string }) => (language === 'bn' ? place.bn : place.en);
  // in the order of the names the shopper reads: a Bangla page lists পটিয়া among the প's
  const byName = useMemo(() => {
    const collator = new Intl.Collator(language);
    return <T extends { en: string; bn: string }>(places: readonly T[]) =>
      [...places].sort((a, b) => collator.compare(language === 'bn' ? a.bn : a.en, language === 'bn' ? b.bn : b.en));
  }, [language]);
  const districts = useMemo(() => byName(BD_DISTRICTS), [byName]);
  const areas = useMemo(() => byName(BD_DISTRICTS.find((one) => one.en === district)?.areas ?? []), [byName, district]);
  return (
    <div className="grid gap-4 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:grid-cols-2">
      <label className={labelText}>
        {t('delivery.district')}
        <select name="address.district" value={district} onChange={(event) => setDistrict(event.target.value)} className={field}>
          {districts.map((one) => (
            <option key={one.en} value={one.en}>
              {nameOf(one)}
            </option>
          ))}
        </select>
      </label>
      <label className={labelText}>
        {t('delivery.area')}
        <select key={district} name="address.area" required defaultValue={areas.length === 1 ? areas[0]!.en : ''} className={field}>
          <option value="" disabled>
            {t('delivery.chooseArea')}
          </option>
          {areas.map((one) => (
            <option key={one.en} value={one.en}>
              {nameOf(one)}
            </option>
          ))}
        </select>
      </label>
      <label className={`${labelText} sm:col-span-2`}>
        {t('delivery.road')}
        <input name="address.road" required maxLength={120} placeholder={t('delivery.roadExample')} className={field} />
      </label>
      <label className={labelText}>
        {t('delivery.flat')}
        <input name="address.flat" maxLength={60} className={field} />
      </label>
      <label className={labelText}>
        {t('delivery.landmark')}
        <input name="address.landmark" maxLength={120} placeholder={t('delivery.landmarkExample')} className={field} />
      </label>
      <label className={labelText}>
        {t('delivery.phone')}
        <input
          name="address.phone"
          type="tel"
          required
          placeholder={t('phoneExample')}
          pattern={BD_MOBILE_INPUT_PATTERN}
          onInvalid={(event) => event.currentTarget.setCustomValidity(event.currentTarget.value ? t('notAMobileNumber') : '')}
          onInput={(event) => event.currentTarget.setCustomValidity('')}
          className={field}
        />
      </label>
      <label className={labelText}>
        {t('delivery.label')}
        <input name="address.label" maxLength={40} placeholder={t('delivery.labelExample')} className={field} />
      </label>
      <label className="flex items-center gap-2 text-sm text-stone-700 sm:col-span-2">
        <input type="checkbox" name="address.save" defaultChecked className="size-4 accent-brand-600" />
        {t('delivery.saveAddress')}
      </label>
      {!first && (
        <label className="flex items-center gap-2 text-sm text-stone-700 sm:col-span-2">
          <input type="checkbox" name="address.makeDefault" className="size-4 accent-brand-600" />
          {t('delivery.makeDefault')}
        </label>
      )}
    </div>
  );
}
