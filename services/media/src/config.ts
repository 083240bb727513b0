import { StandardServiceEnv } from '@bazar/service-kit';
import { z } from 'zod';

export const MediaConfig = StandardServiceEnv.extend({
  /** where content-addressed images are written; nginx serves them */
  MEDIA_DIR: z.string().min(1),
  /** the public path prefix of MEDIA_DIR, e.g. /media/ */
  MEDIA_PUBLIC_PATH: z.string().regex(/^\/[\w/-]*\/$/, 'must be a path such as /media/'),
});
export type MediaConfig = typeof MediaConfig._output;
