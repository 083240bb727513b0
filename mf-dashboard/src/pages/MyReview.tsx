import { useForm } from 'react-hook-form';
import type { NewReview } from '@bazar/contracts';
import { showNotice } from '@bazar/web-kit';
import { useAddReviewMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea } from '../components/Field';
import { notBlank, sameNames, showFormRefused } from '../forms';
import { useDashboardText } from '../i18n';

const empty: NewReview = { firstName: '', lastName: '', des: '' };

export function MyReview() {
  const [addReview] = useAddReviewMutation();
  const t = useDashboardText();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewReview>({ defaultValues: empty });

  async function submit(review: NewReview) {
    const result = await addReview(review);
    if (result.error) {
      showFormRefused(result.error, setError, sameNames<NewReview>('firstName', 'lastName', 'des'));
      return;
    }
    reset();
    void showNotice({
      tone: 'success',
      title: t('thanksForReview'),
      text: t('helpsShoppers'),
      autoCloseMs: 2000,
    });
  }

  return (
    <section aria-labelledby="review">
      <h2 id="review" className="text-2xl font-bold text-stone-800">
        {t('links.myReview')}
      </h2>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('firstName')}
            required
            maxLength={60}
            error={errors.firstName?.message}
            {...register('firstName', { validate: notBlank(t('firstName')) })}
          />
          <Field
            label={t('lastName')}
            required
            maxLength={60}
            error={errors.lastName?.message}
            {...register('lastName', { validate: notBlank(t('lastName')) })}
          />
        </div>
        <TextArea
          label={t('yourReview')}
          required
          maxLength={2000}
          error={errors.des?.message}
          {...register('des', { validate: notBlank(t('yourReview')) })}
        />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>{t('addReview')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
