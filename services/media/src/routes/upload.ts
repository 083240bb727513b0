import { API, MAX_UPLOAD_BYTES, NoBody, UPLOAD_FIELD, type UploadAnswer } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { HttpError, badRequest, currentUser, endpointRouter, validate } from '@bazar/service-kit/http';
import type { Redis } from '@bazar/service-kit/redis';
import type { RequestHandler, Router } from 'express';
import multer from 'multer';
import { imageKindOf, reencode, type Encoded } from '../image';
import { Upload } from '../model/upload';
import type { ImageStore } from '../store';

const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The one file of the form, held in memory (at most 5 MB), with multer's refusals in plain words. */
function receiveImage(): RequestHandler {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  }).single(UPLOAD_FIELD);
  return (req, res, next) => {
    receive(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE')
          return next(new HttpError(413, 'image-too-large', `The image is larger than ${MAX_MB} MB`, { limit: MAX_MB }));
        if (err.code === 'LIMIT_UNEXPECTED_FILE')
          return next(badRequest('image-missing', `Send one image, in the form field '${UPLOAD_FIELD}'`));
        return next(badRequest('upload-form-malformed', `The upload form was refused: ${err.message}`));
      }
      if (err instanceof Error) return next(badRequest('upload-form-malformed', 'The upload form is malformed'));
      next();
    });
  };
}

/**
 * A shopper uploads a picture for their profile now and then; an admin stores the catalog's pictures.
 * So an account that is not an admin may begin `perDay` uploads a day (UTC), counted in Redis before
 * the image is read (every replica shares the count), so that a signed-in account cannot make the
 * service decode large images without end. An admin is not counted. A limit, like the gateway's rate
 * limits, and kept where they are: an upload refused for what it sent still counts, and changes no
 * database. With Redis away the upload is not counted, as the rate limits then count alone.
 */
function shopperQuota(redis: Redis, perDay: number, log: Logger): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    if (user.role === 'admin') return next();
    const key = `media:uploads:${user.id}:${new Date().toISOString().slice(0, 10)}`;
    redis
      .multi()
      .incr(key)
      .expire(key, 2 * 24 * 60 * 60)
      .exec()
      .then((answers) => {
        const count = Number(answers?.[0]?.[1] ?? 0);
        if (count > perDay)
          return next(
            new HttpError(429, 'upload-limit-reached', `You may upload ${perDay} images a day; try again tomorrow`, { limit: perDay }),
          );
        next();
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'uploads cannot be counted (Redis away); this one is let through');
        next();
      });
  };
}

export function uploadRoutes(store: ImageStore, publicPath: string, log: Logger, quota: { redis: Redis; perDay: number }): Router {
  const router = endpointRouter();

  // the form's fields beside the image are read only now: one is refused naming it, as in a JSON body
  router.implement(
    API.uploadImage,
    shopperQuota(quota.redis, quota.perDay, log),
    receiveImage(),
    validate({ body: NoBody }),
    async (req, res) => {
      const bytes = req.file?.buffer;
      if (!bytes || bytes.length === 0)
        throw badRequest('image-missing', `Send the image as multipart/form-data in the field '${UPLOAD_FIELD}'`);
      const kind = imageKindOf(bytes);
      if (!kind) throw badRequest('image-type-not-accepted', 'Only JPEG, PNG or WebP images are accepted');

      let encoded: Encoded;
      try {
        encoded = await reencode(bytes);
      } catch (err) {
        log.info({ kind, size: bytes.length, reason: err instanceof Error ? err.message : String(err) }, 'image refused by the decoder');
        throw badRequest('image-damaged', `The ${kind.toUpperCase()} image is damaged or incomplete`);
      }

      const user = currentUser(req);
      const { hash, fileName } = await store.put(encoded.main, encoded.variants);
      await Upload.updateOne(
        { owner: user.id, hash },
        { $setOnInsert: { ownerEmail: user.email, size: encoded.main.length } },
        { upsert: true },
      );
      res.json({ success: true, data: { display_url: `${publicPath}${fileName}` } } satisfies UploadAnswer);
    },
  );

  return router;
}
