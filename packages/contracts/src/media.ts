import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FIELD = 'image';

/** The answer of POST /upload, in the shape of the image host the spec's clients used. */
export const UploadAnswer = z.object({ success: z.literal(true), data: z.object({ display_url: z.string() }) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;
