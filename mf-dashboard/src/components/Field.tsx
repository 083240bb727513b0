import { useId, type ComponentProps, type ReactNode } from 'react';
import { useDashboardText } from '../i18n';

const look =
  'mt-1 w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 aria-invalid:border-red-500 aria-invalid:focus:ring-red-100';

interface FieldProps {
  label: string;
  /** shown under the field, and announced with it (aria-describedby) */
  error?: string;
}

/** A labelled control with its error under it. The control gets `aria-invalid` and is described by
 *  the message, so a screen reader reads the message when the control takes the focus. */
function Labelled({ label, error, control }: FieldProps & { control: (a11y: ControlA11y) => ReactNode }) {
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className="block text-sm font-medium text-stone-700">
        {label}
        {control(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      </label>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlA11y {
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** `ref` is an ordinary prop in React 19, so `{...register('name')}` reaches the input itself. */
export function Field({ label, error, ...input }: FieldProps & ComponentProps<'input'>) {
  return <Labelled label={label} error={error} control={(a11y) => <input {...input} {...a11y} className={look} />} />;
}

export function TextArea({ label, error, ...input }: FieldProps & ComponentProps<'textarea'>) {
  return <Labelled label={label} error={error} control={(a11y) => <textarea rows={4} {...input} {...a11y} className={look} />} />;
}

/** What the server said when the refusal named no field of the form. */
export function FormRefusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** The progress of an upload, from 0 to 1, with its label. */
export function UploadProgress({ label, fraction }: { label: string; fraction: number | undefined }) {
  const id = useId();
  const t = useDashboardText();
  if (fraction === undefined) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm text-stone-600">
        {t('uploadProgress', { label, percent })}
      </label>
      <progress
        id={id}
        max={100}
        value={percent}
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-600"
      />
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-full bg-brand-600 px-8 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
    >
      {children}
    </button>
  );
}
