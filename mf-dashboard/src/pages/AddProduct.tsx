import { useForm } from 'react-hook-form';
import { showNotice } from '@bazar/web-kit';
import { useAddProductMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea, UploadProgress } from '../components/Field';
import { aFile, notBlank, showRefusal, useImageUpload } from '../forms';

interface ProductForm {
  name: string;
  /** as typed: the catalog parses and checks price and quantity, and says what is wrong */
  price: string;
  quantity: string;
  description: string;
  image: FileList | null;
}

const empty: ProductForm = { name: '', price: '', quantity: '', description: '', image: null };

/** The catalog's field names and the form's; the image is stored first, its URL is `img`. */
const apiToForm = { name: 'name', price: 'price', quantity: 'quantity', description: 'description', img: 'image' } as const;

export function AddProduct() {
  const { upload, progress } = useImageUpload();
  const [addProduct] = useAddProductMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProductForm>({ defaultValues: empty });

  async function submit({ image, ...product }: ProductForm) {
    const file = image?.[0];
    if (!file) return;
    // The product is saved only once its image is stored; a refused image says why, under its field.
    const uploaded = await upload(file);
    if (uploaded.refusal !== undefined) return setError('image', { type: 'server', message: uploaded.refusal }, { shouldFocus: true });

    const saved = await addProduct({ ...product, img: uploaded.url });
    if (!saved.data?.insertedId) {
      showRefusal(saved.error, setError, apiToForm);
      void showNotice({
        tone: 'error',
        title: 'Oops...',
        text: 'Something went wrong!',
        footer: { text: 'Need help? Contact us', href: '/contact' },
      });
      return;
    }
    reset();
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
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <Field
          label="Product Name"
          required
          maxLength={120}
          error={errors.name?.message}
          {...register('name', { validate: notBlank('Product Name') })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Price"
            required
            inputMode="decimal"
            error={errors.price?.message}
            {...register('price', { validate: notBlank('Price') })}
          />
          <Field
            label="Quantity"
            required
            inputMode="numeric"
            error={errors.quantity?.message}
            {...register('quantity', { validate: notBlank('Quantity') })}
          />
        </div>
        <TextArea
          label="Description"
          required
          maxLength={1000}
          error={errors.description?.message}
          {...register('description', { validate: notBlank('Description') })}
        />
        <Field
          label="Image Upload"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp"
          error={errors.image?.message}
          {...register('image', { validate: aFile('Image Upload') })}
        />
        <UploadProgress label="Uploading the image" fraction={progress} />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>Publist Product</SubmitButton>
        </div>
      </form>
    </section>
  );
}
