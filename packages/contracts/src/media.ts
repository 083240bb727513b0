import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD } from './upload-limits';

/** A form upload of one file: its field, the media types taken and the largest size. */
export interface FileUpload {
  field: string;
  mediaTypes: readonly string[];
  maxBytes: number;
}
/** POST /upload. The media service knows an image's kind by its first bytes, not by its name or
 *  Content-Type (services/media/src/image.ts), and takes these. */
export const IMAGE_UPLOAD: FileUpload = {
  field: UPLOAD_FIELD,
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: MAX_UPLOAD_BYTES,
};

/** POST /upload refused for a limit the answer names (`limit`): the image's size in MB (413,
 *  image-too-large, from the media service or nginx) or a shopper's uploads a day (429). */
export const UploadLimitAnswer = z.object({
  error: z.string(),
  code: z.enum(['image-too-large', 'upload-limit-reached']),
  limit: z.number().int().positive(),
});
export type UploadLimitAnswer = z.infer<typeof UploadLimitAnswer>;

/** The answer of POST /upload, in the shape of the image host the spec's clients used. */
export const UploadAnswer = z.object({ success: z.literal(true), data: z.object({ display_url: z.string() }) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;
