import { useState } from 'react';
import { Pencil, User } from 'lucide-react';
import { Spinner, useShopper } from '@bazar/web-kit';
import { useGetMyProfileQuery } from '../api';
import { EditProfileForm } from './EditProfileForm';
import { useDashboardText } from '../i18n';

export function MyProfile() {
  const shopper = useShopper();
  const t = useDashboardText();
  const { data: profiles = [], isLoading } = useGetMyProfileQuery(shopper?.email ?? '', { skip: !shopper });
  const profile = profiles[0];
  const [editing, setEditing] = useState(false);
  if (isLoading || !shopper) return <Spinner label={t('loadingProfile')} />;

  const rows = [
    [t('fullName'), profile?.name || shopper.name],
    [t('email'), shopper.email],
    [t('phone'), profile?.phone],
    [t('address'), profile?.address],
  ] as const;
  return (
    <section aria-labelledby="my-profile" className="flex flex-col gap-6 sm:flex-row">
      {profile?.img ? (
        <img src={profile.img} alt="" className="size-32 rounded-full object-cover" />
      ) : (
        <span className="flex size-32 items-center justify-center rounded-full bg-stone-200 text-stone-400" aria-hidden>
          <User className="size-16" />
        </span>
      )}
      <div>
        <h2 id="my-profile" className="text-2xl font-bold text-stone-800">
          {t('links.myProfile')}
        </h2>
        <dl className="mt-4 grid grid-cols-[7rem_minmax(0,1fr)] gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500">{label}</dt>
              <dd className="font-medium wrap-anywhere text-stone-800">{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
          className="mt-6 flex items-center gap-1.5 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Pencil className="size-4" aria-hidden /> {editing ? t('close') : t('edit')}
        </button>
        {editing && <EditProfileForm email={shopper.email} name={shopper.name} profile={profile} onSaved={() => setEditing(false)} />}
      </div>
    </section>
  );
}
