import { MongoEnv, RedisEnv, ServiceEnv } from '@bazar/service-kit';
import { z } from 'zod';

// the database (the uploads' records) and Redis (the upload quota); no Kafka: media sends no events
export const MediaConfig = ServiceEnv.extend(MongoEnv.shape)
  .extend(RedisEnv.shape)
  .extend({
    /** where content-addressed images are written; nginx serves them */
    MEDIA_DIR: z.string().min(1),
    /** the public path prefix of MEDIA_DIR, e.g. /media/ */
    MEDIA_PUBLIC_PATH: z.string().regex(/^\/[\w/-]*\/$/, 'must be a path such as /media/'),
    /** uploads an account that is not an admin may begin a day: a profile picture now and then */
    SHOPPER_UPLOADS_PER_DAY: z.coerce.number().int().positive().default(10),
  });
export type MediaConfig = typeof MediaConfig._output;
