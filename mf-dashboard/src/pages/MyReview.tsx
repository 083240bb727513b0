import { useForm } from 'react-hook-form';
import type { NewReview } from '@bazar/contracts';
import { showNotice } from '@bazar/web-kit';
import { useAddReviewMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea } from '../components/Field';
import { notBlank, sameNames, showRefusal } from '../forms';

const empty: NewReview = { firstName: '', lastName: '', des: '' };

export function MyReview() {
  const [addReview] = useAddReviewMutation();
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
      showRefusal(result.error, setError, sameNames<NewReview>('firstName', 'lastName', 'des'));
      void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
      return;
    }
    reset();
    void showNotice({
      tone: 'success',
      title: 'Thanks for your review',
      text: 'It helps other shoppers.',
      autoCloseMs: 2000,
    });
  }

  return (
    <section aria-labelledby="review">
      <h2 id="review" className="text-2xl font-bold text-stone-800">
        My Review
      </h2>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First Name"
            required
            maxLength={60}
            error={errors.firstName?.message}
            {...register('firstName', { validate: notBlank('First Name') })}
          />
          <Field
            label="Last Name"
            required
            maxLength={60}
            error={errors.lastName?.message}
            {...register('lastName', { validate: notBlank('Last Name') })}
          />
        </div>
        <TextArea
          label="Your Review"
          required
          maxLength={2000}
          error={errors.des?.message}
          {...register('des', { validate: notBlank('Your Review') })}
        />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>Add Revire</SubmitButton>
        </div>
      </form>
    </section>
  );
}
