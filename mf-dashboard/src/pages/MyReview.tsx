import type { FormEvent } from 'react';
import { showNotice } from '@bazar/web-kit';
import { useAddReviewMutation } from '../api';
import { Field, SubmitButton, TextArea } from '../components/Field';

export function MyReview() {
  const [addReview, { isLoading }] = useAddReviewMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = await addReview({
      firstName: String(data.get('firstName')),
      lastName: String(data.get('lastName')),
      des: String(data.get('des')),
    });
    if (result.error) {
      void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
      return;
    }
    form.reset();
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
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid max-w-xl gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" name="firstName" required maxLength={60} />
          <Field label="Last Name" name="lastName" required maxLength={60} />
        </div>
        <TextArea label="Your Review" name="des" required maxLength={2000} />
        <div>
          <SubmitButton busy={isLoading}>Add Revire</SubmitButton>
        </div>
      </form>
    </section>
  );
}
