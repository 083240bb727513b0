import { useState, type FormEvent } from 'react';
import { serverMessage, showNotice } from '@bazar/web-kit';
import type { Profile } from '@bazar/contracts';
import { useUpdateMyProfileMutation, useUploadImageMutation } from '../api';
import { Field, SubmitButton } from '../components/Field';

interface EditProfileFormProps {
  email: string;
  name: string;
  profile: Profile | undefined;
  onSaved: () => void;
}

export function EditProfileForm({ email, name, profile, onSaved }: EditProfileFormProps) {
  const [uploadImage, upload] = useUploadImageMutation();
  const [updateProfile, updating] = useUpdateMyProfileMutation();
  const [refusal, setRefusal] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setRefusal(undefined);
    // The profile is saved only once its picture is stored.
    const uploaded = await uploadImage(data.get('image') as File);
    if (!uploaded.data?.success) {
      setRefusal(serverMessage(uploaded.error) ?? 'The picture could not be uploaded.');
      return;
    }
    const saved = await updateProfile({
      email,
      profile: {
        name: String(data.get('name')),
        phone: String(data.get('phone')),
        address: String(data.get('address')),
        img: uploaded.data.data.display_url,
      },
    });
    if (!saved.data?.result.acknowledged) {
      setRefusal(serverMessage(saved.error));
      void showNotice({ tone: 'error', title: 'Oops...', text: 'Something went wrong!' });
      return;
    }
    // The form closes on success; the message stays up for its two seconds.
    onSaved();
    void showNotice({
      tone: 'success',
      title: 'Profile Update Succesfull!',
      text: 'Your details are saved.',
      autoCloseMs: 2000,
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-6 grid max-w-xl gap-4">
      <Field label="Name" name="name" defaultValue={profile?.name || name} maxLength={120} />
      <Field label="Phone" name="phone" type="tel" required defaultValue={profile?.phone} placeholder="01712345678" />
      <Field label="Address" name="address" required defaultValue={profile?.address} maxLength={300} />
      <Field label="Image" name="image" type="file" required accept="image/jpeg,image/png,image/webp" />
      {refusal && (
        <p role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      )}
      <div>
        <SubmitButton busy={upload.isLoading || updating.isLoading}>Update</SubmitButton>
      </div>
    </form>
  );
}
