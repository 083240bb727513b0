import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { aFile, notBlank } from '../forms';
import { useDashboardText } from '../i18n';
import { Field, TextArea, UploadProgress } from './Field';

/** A product as Add Product and its edit form hold it. */
export interface ProductForm {
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

/** The catalog's field names and the form's; the image is stored first, its URL is `img`. */
export const productApiToForm = {
  name: 'name',
  price: 'price',
  quantity: 'quantity',
  description: 'description',
  img: 'image',
  name_bn: 'name_bn',
  description_bn: 'description_bn',
} as const;

interface ProductFieldsProps {
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
  /** how much of the image has been sent, while it is */
  uploaded: number | undefined;
  /** the picture the product has now: an edit keeps it unless another is chosen */
  currentImage?: string;
}

/** The fields of a product, in the spec's order, then its Bangla name and description. */
export function ProductFields({ register, errors, uploaded, currentImage }: ProductFieldsProps) {
  const t = useDashboardText();
  return (
    <>
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
      <div className="flex items-end gap-4">
        {currentImage && (
          <img src={currentImage} alt={t('currentImage')} className="size-16 shrink-0 rounded-xl border border-stone-200 object-cover" />
        )}
        <div className="min-w-0 grow">
          <Field
            label={currentImage ? t('replaceImage') : t('imageUpload')}
            type="file"
            required={!currentImage}
            accept="image/jpeg,image/png,image/webp"
            error={errors.image?.message}
            {...register('image', currentImage ? {} : { validate: aFile(t('imageUpload')) })}
          />
        </div>
      </div>
      <UploadProgress label={t('uploadingImage')} fraction={uploaded} />
      {/* Beyond the spec's fields, and after them: the product's name and description as Bangla shoppers see them. */}
      <Field lang="bn" label={t('banglaName')} maxLength={120} error={errors.name_bn?.message} {...register('name_bn')} />
      <TextArea
        lang="bn"
        label={t('banglaDescription')}
        maxLength={1000}
        error={errors.description_bn?.message}
        {...register('description_bn')}
      />
    </>
  );
}
