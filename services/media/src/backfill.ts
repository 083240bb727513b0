import type { Logger } from '@bazar/service-kit';
import { variantsOfStored } from './image';
import type { ImageStore } from './store';

/** Makes the width variants of every stored image that has none: images uploaded before variants
 *  were made (the demo catalog's pictures of an existing store among them), or an upload cut short
 *  between its variants. Runs once at start, in the background, one image at a time (a stop waits
 *  for the image at hand, so no partial file is left); until an
 *  image's variants are written nginx answers its variant URLs with the main image. */
export async function backfillVariants(store: ImageStore, log: Logger, signal: AbortSignal): Promise<void> {
  let made = 0;
  let failed = 0;
  for await (const { hash, read } of store.withoutVariants()) {
    if (signal.aborted) break;
    try {
      await store.putVariants(hash, await variantsOfStored(await read()));
      made += 1;
    } catch (err) {
      failed += 1;
      log.warn({ hash, reason: err instanceof Error ? err.message : String(err) }, 'could not make the variants of a stored image');
    }
  }
  if (made + failed > 0) log.info({ made, failed }, 'variants of stored images made');
}
