import { useRef } from 'react';
import { useGetOffersQuery } from '@bazar/web-kit/api';
import { useLanguage } from '@bazar/web-kit/i18n';
import { BellButton } from './TopBarIcons';
import { useShellText } from '../i18n';

/** The bell counts the offers; it opens a dialog with the first one, its title and details in the
 *  page's language (the English ones when the offer has no Bangla ones). */
export default function OffersBell() {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useShellText();
  const language = useLanguage();
  const { data: offers } = useGetOffersQuery();
  const first = offers?.[0];
  const close = () => dialog.current?.close();

  return (
    <>
      <BellButton count={offers?.length} onClick={() => dialog.current?.showModal()} />
      <dialog
        ref={dialog}
        aria-labelledby="offer-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
        onClick={(event) => event.target === dialog.current && close()}
      >
        <div className="p-6">
          <p className="text-sm font-semibold tracking-wide text-accent-500 uppercase">{t('todaysOffer')}</p>
          <h2 id="offer-title" className="mt-1 text-xl font-bold text-stone-800">
            {first ? (language === 'bn' && first.offerTitle_bn) || first.offerTitle : t('noOffers')}
          </h2>
          <p className="mt-3 text-stone-600">
            {first ? (language === 'bn' && first.offerDetails_bn) || first.offerDetails : t('checkBackSoon')}
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={close}
              className="rounded-full border border-stone-300 px-5 py-2 font-medium text-stone-700 hover:bg-stone-100"
            >
              {t('common:cancel')}
            </button>
            <button type="button" onClick={close} className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700">
              {t('continue')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
