import { useForm } from 'react-hook-form';
import type { Product } from '@bazar/contracts';
import { LoadFailure, showNotice, Spinner, type RemoteRoute } from '@bazar/web-kit';
import { translate } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { Link, useLoaderData, useLocation, useNavigate } from '@bazar/web-kit/routing';
import { useEditProductMutation, useGetProductToEditQuery } from '../api';
import { FormRefusal, SubmitButton } from '../components/Field';
import { ProductFields, productApiToForm, type ProductForm } from '../components/ProductFields';
import { refusalText, showFormRefused, useImageUpload } from '../forms';
import { useDashboardText } from '../i18n';
import type { EditFrom } from './Products';

const LIST = '/dashboard/products';

const formOf = (product: Product): ProductForm => ({
  name: product.name,
  price: String(product.price),
  quantity: String(product.quantity),
  description: product.description,
  image: null,
  name_bn: product.name_bn ?? '',
  description_bn: product.description_bn ?? '',
});

/** /dashboard/products/:id: the route hands the page the id from the address. */
const editProductRoute: RemoteRoute = () => ({
  loader: ({ params }) => params.id ?? '',
  Component: EditProductPage,
});
export default editProductRoute;

function EditProductPage() {
  const id = useLoaderData<string>();
  const t = useDashboardText();
  const product = useGetProductToEditQuery(id);
  const unknown =
    product.error !== undefined && 'status' in product.error && (product.error.status === 404 || product.error.status === 400);
  return (
    <section aria-labelledby="edit-product">
      <Link to={LIST} className="text-sm font-semibold text-brand-700 hover:underline">
        {t('backToProducts')}
      </Link>
      <h2 id="edit-product" className="mt-2 text-2xl font-bold text-stone-800">
        {t('editProductTitle')}
      </h2>
      {unknown ? (
        <p className="mt-4 text-stone-500">{t('noSuchProduct')}</p>
      ) : product.isError ? (
        <LoadFailure what={t('theProduct')} onRetry={() => void product.refetch()} className="mt-4" />
      ) : product.data ? (
        // a new form when another product is opened
        <EditProductForm key={product.data._id} product={product.data} />
      ) : (
        <Spinner label={t('loadingProduct')} />
      )}
    </section>
  );
}

/** The product's fields as Add Product has them, filled in; only what the admin changed is sent, so
 *  stock taken by orders meanwhile is not written back unless the quantity was edited. */
function EditProductForm({ product }: { product: Product }) {
  const t = useDashboardText();
  const { name } = useProductText();
  const navigate = useNavigate();
  const from = useLocation().state as EditFrom | null;
  const { upload, progress } = useImageUpload();
  const [editProduct] = useEditProductMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductForm>({ defaultValues: formOf(product) });

  async function submit({ image, ...form }: ProductForm) {
    const changed = (Object.keys(form) as (keyof typeof form)[]).filter((field) => dirtyFields[field]);
    const file = image?.[0];
    if (changed.length === 0 && !file) return setError('root.server', { type: 'client', message: t('nothingChanged') });
    const body: Partial<Record<keyof typeof productApiToForm, string>> = Object.fromEntries(changed.map((field) => [field, form[field]]));
    if (file) {
      const uploaded = await upload(file);
      if (uploaded.refusal !== undefined) return setError('image', { type: 'server', message: uploaded.refusal }, { shouldFocus: true });
      body.img = uploaded.url;
    }

    const saved = await editProduct({ params: { id: product._id }, body });
    if (!saved.data) {
      const fallback = translate('common:somethingWentWrong');
      showFormRefused(saved.error, setError, productApiToForm, { text: refusalText(saved.error) ?? fallback, fallback });
      return;
    }
    void showNotice({
      tone: 'success',
      title: t('workSaved'),
      text: t('productChanged', { name: name(saved.data) }),
      autoCloseMs: 1500,
    });
    void navigate(from?.back ?? LIST);
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
      <ProductFields register={register} errors={errors} uploaded={progress} currentImage={product.img} />
      <FormRefusal message={errors.root?.server?.message} />
      <div>
        <SubmitButton busy={isSubmitting}>{t('saveChanges')}</SubmitButton>
      </div>
    </form>
  );
}
