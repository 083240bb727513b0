import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

const look =
  'mt-1 w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-sm font-medium text-stone-700">
      {label}
      <input {...input} className={look} />
    </label>
  );
}

export function TextArea({ label, ...input }: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <label className="block text-sm font-medium text-stone-700">
      {label}
      <textarea rows={4} {...input} className={look} />
    </label>
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
