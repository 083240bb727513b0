import type { FormEvent } from 'react';
import { showNotice } from '@bazar/web-kit';
import { useAddOfferMutation } from '../api';
import { Field, SubmitButton, TextArea } from '../components/Field';

export function AddOffer() {
  const [addOffer, { isLoading }] = useAddOfferMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = await addOffer({
      offerTitle: String(data.get('offerTitle')),
      offerDetails: String(data.get('offerDetails')),
    });
    if (result.error) {
      void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
      return;
    }
    form.reset();
    void showNotice({ tone: 'success', title: 'Offer Published!', text: 'A Good Deal For All' });
  }

  return (
    <section aria-labelledby="add-offer">
      <h2 id="add-offer" className="text-2xl font-bold text-stone-800">
        Add Offer
      </h2>
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid max-w-xl gap-4">
        <Field label="Offer Title" name="offerTitle" required maxLength={120} />
        <TextArea label="Offer Details" name="offerDetails" required maxLength={1000} />
        <div>
          <SubmitButton busy={isLoading}>Add Offer</SubmitButton>
        </div>
      </form>
    </section>
  );
}
