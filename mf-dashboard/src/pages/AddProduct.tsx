import { useForm } from 'react-hook-form';
import { showNotice } from '@bazar/web-kit';
import { useAddProductMutation } from '../api';
import { FormRefusal, SubmitButton } from '../components/Field';
import { ProductFields, productApiToForm, type ProductForm } from '../components/ProductFields';
import { showFormRefused, useImageUpload } from '../forms';
import { useDashboardText } from '../i18n';

const empty: ProductForm = { name: '', price: '', quantity: '', description: '', image: null, name_bn: '', description_bn: '' };

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
      showFormRefused(saved.error, setError, productApiToForm, { footer: { text: t('needHelp'), href: '/contact' } });
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
        <ProductFields register={register} errors={errors} uploaded={progress} />
        <FormRefusal message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting}>{t('publishProduct')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
