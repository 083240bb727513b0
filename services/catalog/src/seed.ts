// Seeds the demo catalog: `node services/catalog/dist/seed.js`. Each demo product missing from the
// catalog (by name) gets a picture uploaded through the media service and is inserted with it in
// one write; offers go only into an empty collection. Running it again changes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NewOffer, NewProduct, takaToPaisa } from '@bazar/contracts';
import { ServiceUrl, connectMongo, createLogger, disconnectMongo, loadConfig, withOutbox, type Logger } from '@bazar/service-kit';
import mongoose from 'mongoose';
import { z } from 'zod';
import { CatalogConfig } from './config';
import { emojiPicture } from './demo-images';
import { uploadPicture } from './media-client';
import { Offer } from './model/offer';
import { Product, productChanged } from './model/product';

const SeedConfig = CatalogConfig.extend({ MEDIA_URL: ServiceUrl });

const SEED_DIR = join(__dirname, '..', 'seed');
/** Seed products carry the name of their emoji; the image is made from it at seed time. */
const SeedProduct = NewProduct.extend({ img: z.literal(''), emoji: z.string().min(1) });
type SeedProduct = z.infer<typeof SeedProduct>;

async function readSeed<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  return z.array(schema).parse(JSON.parse(await readFile(join(SEED_DIR, file), 'utf8')));
}

/** One product at a time, so that creation order (the home page's order) follows the file. The
 *  picture is in the insert itself: the running catalog service's outbox relay updates new
 *  documents, and a later image update from this process could race with it. */
async function seedProducts(products: SeedProduct[], mediaUrl: string, log: Logger): Promise<void> {
  let added = 0;
  for (const [position, { price, emoji, ...product }] of products.entries()) {
    if (await Product.exists({ name: product.name })) continue;
    const img = await uploadPicture(mediaUrl, await emojiPicture(emoji, position), `${emoji}.png`);
    const _id = new mongoose.Types.ObjectId();
    await Product.create({
      _id,
      ...product,
      img,
      pricePaisa: takaToPaisa(price),
      ...withOutbox([productChanged(_id.toString(), 'created')]),
    });
    added += 1;
  }
  log.info({ added, alreadyThere: products.length - added }, 'demo products seeded');
}

async function seed(): Promise<void> {
  const config = loadConfig(SeedConfig);
  const log = createLogger('catalog-seed', config.LOG_LEVEL);
  await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  try {
    const products = await readSeed('products.json', SeedProduct);
    await seedProducts(products, config.MEDIA_URL, log);

    if ((await Offer.estimatedDocumentCount()) === 0) {
      const offers = await readSeed('offers.json', NewOffer);
      for (const offer of offers) await Offer.create(offer);
      log.info({ count: offers.length }, 'offers seeded');
    } else log.info('offers already present; not seeded');
  } finally {
    await disconnectMongo();
  }
}

seed().catch((err: unknown) => {
  process.stderr.write(`catalog seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
