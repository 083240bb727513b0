import { useForm } from 'react-hook-form';
import type { NewOffer } from '@bazar/contracts';
import { showNotice } from '@bazar/web-kit';
import { useAddOfferMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea } from '../components/Field';
import { notBlank, sameNames, showFormRefused } from '../forms';
import { useDashboardText } from '../i18n';

const empty: NewOffer = { offerTitle: '', offerTitle_bn: '', offerDetails: '', offerDetails_bn: '' };

export function AddOffer() {
  const [addOffer] = useAddOfferMutation();
  const t = useDashboardText();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewOffer>({ defaultValues: empty });

  async function submit(offer: NewOffer) {
    const result = await addOffer(offer);
    if (result.error) {
      showFormRefused(result.error, setError, sameNames<NewOffer>('offerTitle', 'offerTitle_bn', 'offerDetails', 'offerDetails_bn'));
      return;
    }
    reset();
    void showNotice({ tone: 'success', title: t('offerPublished'), text: t('goodDeal') });
  }

  return (
    <section aria-labelledby="add-offer">
      <h2 id="add-offer" className="text-2xl font-bold text-stone-800">
        {t('links.addOffer')}
      </h2>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <Field
          label={t('offerTitle')}
          required
          maxLength={120}
          error={errors.offerTitle?.message}
          {...register('offerTitle', { validate: notBlank(t('offerTitle')) })}
        />
        {/* optional: a Bangla page's offers bell shows the English title when there is none */}
        <Field lang="bn" label={t('banglaTitle')} maxLength={120} error={errors.offerTitle_bn?.message} {...register('offerTitle_bn')} />
        <TextArea
          label={t('offerDetails')}
          required
          maxLength={1000}
          error={errors.offerDetails?.message}
          {...register('offerDetails', { validate: notBlank(t('offerDetails')) })}
        />
        {/* optional: a Bangla page's offers bell shows the English details when there are none */}
        <TextArea
          lang="bn"
          label={t('banglaDetails')}
          maxLength={1000}
          error={errors.offerDetails_bn?.message}
          {...register('offerDetails_bn')}
        />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>{t('links.addOffer')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
