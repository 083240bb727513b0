import { useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import {
  MAX_PRICE_TAKA,
  MAX_STOCK,
  NOT_A_MOBILE_NUMBER,
  PRODUCT_NUMBER_REFUSALS,
  type ErrorAnswer,
  type FieldErrors,
} from '@bazar/contracts';
import { showNotice, type NoticeOptions } from '@bazar/web-kit';
import { refusalText as codedRefusalText } from '@bazar/web-kit/refusals';
import { currentLanguage, translate } from '@bazar/web-kit/i18n';
import { useUploadImageMutation } from './api';

/** The `fields` of a refusal (the contracts' ErrorAnswer): API field → its message. */
function serverFieldErrors(error: unknown): FieldErrors {
  const fields = (error as { data?: Partial<ErrorAnswer> | null } | undefined)?.data?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter(([, message]) => typeof message === 'string'));
}

/** The services' refusals of a field that the dashboard's forms word in Bangla, by their contract's words. */
const KNOWN_REFUSALS: Record<string, string> = { ...PRODUCT_NUMBER_REFUSALS, notAMobileNumber: NOT_A_MOBILE_NUMBER };
/** The limit a refusal names, which the page writes in its own digits. */
const LIMITS_NAMED: Record<string, number> = { priceTooHigh: MAX_PRICE_TAKA, quantityOutOfRange: MAX_STOCK };

/** A field's refusal as the page words it. The services word refusals in English; on a Bangla page
 *  those known by their contract's words (a product's price or quantity, a phone number) are in
 *  Bangla, their numbers in Bangla digits. Any other keeps the server's words, as every refusal does
 *  on an English page. */
function fieldRefusalWords(field: string, message: string): string {
  if (currentLanguage() !== 'bn') return message;
  // the services name the field first, unless the words do (the catalog's)
  const unnamed = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  const known = Object.entries(KNOWN_REFUSALS).find(([, words]) => words === message || words === unnamed)?.[0];
  if (!known) return message;
  return translate(`dashboard:refused.${known}`, { most: LIMITS_NAMED[known] });
}

/** The refusal's reason in one line, as the page words it: on a Bangla page, each field's refusal
 *  (which the server's line joins), or a refusal of no field by its code; otherwise the server's
 *  words. */
export function refusalText(error: unknown): string | undefined {
  const fields = Object.entries(serverFieldErrors(error));
  return currentLanguage() === 'bn' && fields.length > 0
    ? fields.map(([field, message]) => fieldRefusalWords(field, message)).join('; ')
    : codedRefusalText(error);
}

/**
 * Shows a refusal in the form: each field the server named under that field (`apiToForm` maps the
 * API's names to the form's; the first one named gets the focus, so it is read out with its
 * message), and the server's one-line reason, or `fallback`, as the form's own error when no field
 * of the form was named or some named field is not in the form. What the user typed stays.
 */
export function showRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  apiToForm: Partial<Record<string, FieldPath<T>>>,
  fallback?: string,
): void {
  const named = Object.entries(serverFieldErrors(error));
  let shown = 0;
  for (const [apiField, message] of named) {
    const field = apiToForm[apiField];
    if (!field) continue;
    setError(field, { type: 'server', message: fieldRefusalWords(apiField, message) }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  if (shown === 0 || shown < named.length) {
    const message = refusalText(error) ?? fallback;
    if (message) setError('root.server', { type: 'server', message });
  }
}

/** A refused form as every dashboard form shows it: in the form (`showRefusal`), and in an 'Oops...'
 *  notice saying `text` (that something went wrong, unless given), with a link to help where given. */
export function showFormRefused<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  apiToForm: Partial<Record<string, FieldPath<T>>>,
  {
    text = translate('common:somethingWentWrong'),
    footer,
    fallback,
  }: Pick<NoticeOptions, 'footer'> & { text?: string; fallback?: string } = {},
): void {
  showRefusal(error, setError, apiToForm, fallback);
  void showNotice({ tone: 'error', title: translate('common:oops'), text, footer });
}

/** The same API name in the form, for forms whose fields are named as the API's. */
export const sameNames = <T extends FieldValues>(...fields: FieldPath<T>[]): Partial<Record<string, FieldPath<T>>> =>
  Object.fromEntries(fields.map((field) => [field, field]));

/** Non-blank text; the browser's `required` already refuses an empty field. */
export const notBlank = (label: string) => (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || translate('dashboard:required', { field: label });

/** A chosen file; the browser's `required` already refuses none. */
export const aFile = (label: string) => (value: unknown) =>
  (value instanceof FileList && value.length > 0) || translate('dashboard:required', { field: label });

export type Uploaded = { url: string; refusal?: undefined } | { url?: undefined; refusal: string };

/**
 * Uploads a form's image before the form's record is saved, with the fraction sent so far for a
 * progress bar (`undefined` when no upload is under way). The same file sent again (the record was
 * refused, the user fixed a field) is not uploaded twice.
 */
export function useImageUpload() {
  const [uploadImage] = useUploadImageMutation();
  const [progress, setProgress] = useState<number>();
  const last = useRef<{ file: File; url: string } | undefined>(undefined);

  async function upload(file: File): Promise<Uploaded> {
    if (last.current?.file === file) return { url: last.current.url };
    setProgress(0);
    try {
      const answer = await uploadImage({ image: file, onProgress: setProgress });
      if (!answer.data?.success) return { refusal: codedRefusalText(answer.error) ?? translate('dashboard:imageNotUploaded') };
      last.current = { file, url: answer.data.data.display_url };
      return { url: answer.data.data.display_url };
    } finally {
      setProgress(undefined);
    }
  }

  return { upload, progress };
}
