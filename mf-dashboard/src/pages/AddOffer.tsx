import { useForm } from 'react-hook-form';
import type { NewOffer } from '@bazar/contracts';
import { showNotice } from '@bazar/web-kit';
import { useAddOfferMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea } from '../components/Field';
import { notBlank, sameNames, showRefusal } from '../forms';

const empty: NewOffer = { offerTitle: '', offerDetails: '' };

export function AddOffer() {
  const [addOffer] = useAddOfferMutation();
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
      showRefusal(result.error, setError, sameNames<NewOffer>('offerTitle', 'offerDetails'));
      void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
      return;
    }
    reset();
    void showNotice({ tone: 'success', title: 'Offer Published!', text: 'A Good Deal For All' });
  }

  return (
    <section aria-labelledby="add-offer">
      <h2 id="add-offer" className="text-2xl font-bold text-stone-800">
        Add Offer
      </h2>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <Field
          label="Offer Title"
          required
          maxLength={120}
          error={errors.offerTitle?.message}
          {...register('offerTitle', { validate: notBlank('Offer Title') })}
        />
        <TextArea
          label="Offer Details"
          required
          maxLength={1000}
          error={errors.offerDetails?.message}
          {...register('offerDetails', { validate: notBlank('Offer Details') })}
        />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>Add Offer</SubmitButton>
        </div>
      </form>
    </section>
  );
}
