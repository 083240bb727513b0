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

/** The answer of POST /upload, in the shape of the image host the spec's clients used. */
export const UploadAnswer = z.object({ success: z.literal(true), data: z.object({ display_url: z.string() }) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;
