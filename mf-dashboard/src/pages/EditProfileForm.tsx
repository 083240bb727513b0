import { useForm } from 'react-hook-form';
import { showNotice } from '@bazar/web-kit';
import type { Profile } from '@bazar/contracts';
import { useUpdateMyProfileMutation } from '../api';
import { Field, FormRefusal, SubmitButton, UploadProgress } from '../components/Field';
import { aFile, notBlank, showFormRefused, useImageUpload } from '../forms';
import { useDashboardText } from '../i18n';

interface EditProfileFormProps {
  email: string;
  name: string;
  profile: Profile | undefined;
  onSaved: () => void;
}

interface ProfileForm {
  name: string;
  phone: string;
  address: string;
  image: FileList | null;
}

/** The user service's field names and the form's; the picture is stored first, its URL is `img`. */
const apiToForm = { name: 'name', phone: 'phone', address: 'address', img: 'image' } as const;

export function EditProfileForm({ email, name, profile, onSaved }: EditProfileFormProps) {
  const { upload, progress } = useImageUpload();
  const [updateProfile] = useUpdateMyProfileMutation();
  const t = useDashboardText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    defaultValues: { name: profile?.name || name, phone: profile?.phone ?? '', address: profile?.address ?? '', image: null },
  });

  async function submit({ image, ...details }: ProfileForm) {
    const file = image?.[0];
    if (!file) return;
    // The profile is saved only once its picture is stored.
    const uploaded = await upload(file);
    if (uploaded.refusal !== undefined) return setError('image', { type: 'server', message: uploaded.refusal }, { shouldFocus: true });

    const saved = await updateProfile({ params: { email }, body: { ...details, img: uploaded.url } });
    if (!saved.data?.result.acknowledged) {
      showFormRefused(saved.error, setError, apiToForm);
      return;
    }
    // The form closes on success; the message stays up for its two seconds.
    onSaved();
    void showNotice({
      tone: 'success',
      title: t('profileUpdated'),
      text: t('detailsSaved'),
      autoCloseMs: 2000,
    });
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 grid max-w-xl gap-4">
      <Field label={t('name')} maxLength={120} error={errors.name?.message} {...register('name')} />
      <Field
        label={t('phone')}
        type="tel"
        required
        placeholder={t('phoneExample')}
        error={errors.phone?.message}
        {...register('phone', { validate: notBlank(t('phone')) })}
      />
      <Field
        label={t('address')}
        required
        maxLength={300}
        error={errors.address?.message}
        {...register('address', { validate: notBlank(t('address')) })}
      />
      <Field
        label={t('image')}
        type="file"
        required
        accept="image/jpeg,image/png,image/webp"
        error={errors.image?.message}
        {...register('image', { validate: aFile(t('image')) })}
      />
      <UploadProgress label={t('uploadingPicture')} fraction={progress} />
      <FormRefusal message={errors.root?.server?.message} />
      <div>
        <SubmitButton busy={isSubmitting}>{t('update')}</SubmitButton>
      </div>
    </form>
  );
}
