import { useForm } from 'react-hook-form';
import { showNotice } from '@bazar/web-kit';
import { translate } from '@bazar/web-kit/i18n';
import { useAddProductMutation } from '../api';
import { Field, FormRefusal, SubmitButton, TextArea, UploadProgress } from '../components/Field';
import { aFile, notBlank, showRefusal, useImageUpload } from '../forms';
import { useDashboardText } from '../i18n';

interface ProductForm {
  name: string;
  /** as typed: the catalog parses and checks price and quantity, and says what is wrong */
  price: string;
  quantity: string;
  description: string;
  image: FileList | null;
  /** optional; left blank, the product has none */
  name_bn: string;
  description_bn: string;
}

const empty: ProductForm = { name: '', price: '', quantity: '', description: '', image: null, name_bn: '', description_bn: '' };

/** The catalog's field names and the form's; the image is stored first, its URL is `img`. */
const apiToForm = {
  name: 'name',
  price: 'price',
  quantity: 'quantity',
  description: 'description',
  img: 'image',
  name_bn: 'name_bn',
  description_bn: 'description_bn',
} as const;

export function AddProduct() {
  const { upload, progress } = useImageUpload();
  const [addProduct] = useAddProductMutation();
  const t = useDashboardText();
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
        title: translate('common:oops'),
        text: translate('common:somethingWentWrong'),
        footer: { text: t('needHelp'), href: '/contact' },
      });
      return;
    }
    reset();
    void showNotice({
      tone: 'success',
      title: t('workSaved'),
      text: t('productInShop'),
      autoCloseMs: 1500,
    });
  }

  return (
    <section aria-labelledby="add-product">
      <h2 id="add-product" className="text-2xl font-bold text-stone-800">
        {t('links.addProduct')}
      </h2>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
        <Field
          label={t('productName')}
          required
          maxLength={120}
          error={errors.name?.message}
          {...register('name', { validate: notBlank(t('productName')) })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('price')}
            required
            inputMode="decimal"
            error={errors.price?.message}
            {...register('price', { validate: notBlank(t('price')) })}
          />
          <Field
            label={t('quantity')}
            required
            inputMode="numeric"
            error={errors.quantity?.message}
            {...register('quantity', { validate: notBlank(t('quantity')) })}
          />
        </div>
        <TextArea
          label={t('description')}
          required
          maxLength={1000}
          error={errors.description?.message}
          {...register('description', { validate: notBlank(t('description')) })}
        />
        <Field
          label={t('imageUpload')}
          type="file"
          required
          accept="image/jpeg,image/png,image/webp"
          error={errors.image?.message}
          {...register('image', { validate: aFile(t('imageUpload')) })}
        />
        <UploadProgress label={t('uploadingImage')} fraction={progress} />
        {/* Beyond the spec's fields, and after them: the product's name and description as Bangla shoppers see them. */}
        <Field lang="bn" label={t('banglaName')} maxLength={120} error={errors.name_bn?.message} {...register('name_bn')} />
        <TextArea
          lang="bn"
          label={t('banglaDescription')}
          maxLength={1000}
          error={errors.description_bn?.message}
          {...register('description_bn')}
        />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>{t('publishProduct')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
