import { useState, type FormEvent } from 'react';
import { serverMessage, showNotice } from '@bazar/web-kit';
import { useAddProductMutation, useUploadImageMutation } from '../api';
import { Field, SubmitButton, TextArea } from '../components/Field';

export function AddProduct() {
  const [uploadImage, upload] = useUploadImageMutation();
  const [addProduct, adding] = useAddProductMutation();
  const [refusal, setRefusal] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setRefusal(undefined);
    // The product is saved only once its image is stored.
    const uploaded = await uploadImage(data.get('image') as File);
    if (!uploaded.data?.success) {
      setRefusal(serverMessage(uploaded.error) ?? 'The image could not be uploaded.');
      return;
    }
    const saved = await addProduct({
      name: String(data.get('name')),
      price: String(data.get('price')),
      quantity: String(data.get('quantity')),
      description: String(data.get('description')),
      img: uploaded.data.data.display_url,
    });
    if (!saved.data?.insertedId) {
      setRefusal(serverMessage(saved.error));
      void showNotice({
        tone: 'error',
        title: 'Oops...',
        text: 'Something went wrong!',
        footer: { text: 'Need help? Contact us', href: '/contact' },
      });
      return;
    }
    form.reset();
    void showNotice({
      tone: 'success',
      title: 'Your work has been saved',
      text: 'The product is in the shop now.',
      autoCloseMs: 1500,
    });
  }

  return (
    <section aria-labelledby="add-product">
      <h2 id="add-product" className="text-2xl font-bold text-stone-800">
        Add Product
      </h2>
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid max-w-xl gap-4">
        <Field label="Product Name" name="name" required maxLength={120} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price" name="price" required inputMode="decimal" />
          <Field label="Quantity" name="quantity" required inputMode="numeric" />
        </div>
        <TextArea label="Description" name="description" required maxLength={1000} />
        <Field label="Image Upload" name="image" type="file" required accept="image/jpeg,image/png,image/webp" />
        {refusal && (
          <p role="alert" className="text-sm text-red-600">
            {refusal}
          </p>
        )}
        <div>
          <SubmitButton busy={upload.isLoading || adding.isLoading}>Publist Product</SubmitButton>
        </div>
      </form>
    </section>
  );
}
