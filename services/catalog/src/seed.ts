// Seeds the demo catalog: `node services/catalog/dist/seed.js`. Inserts the products and offers
// only into empty collections, then gives every product without an image a picture uploaded
// through the media service, so running it again changes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NewOffer, NewProduct, takaToPaisa } from '@bazar/contracts';
import { ServiceUrl, connectMongo, createLogger, disconnectMongo, loadConfig, outboxUpdate, withOutbox, type Logger } from '@bazar/service-kit';
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

async function seedProducts(products: SeedProduct[], log: Logger): Promise<void> {
  if ((await Product.estimatedDocumentCount()) > 0) return log.info('products already present; not seeded');
  // one at a time, so that creation order (the home page's order) follows the file
  for (const { price, emoji: _emoji, ...product } of products) {
    const _id = new mongoose.Types.ObjectId();
    await Product.create({ _id, ...product, pricePaisa: takaToPaisa(price), ...withOutbox([productChanged(_id.toString(), 'created')]) });
  }
  log.info({ count: products.length }, 'products seeded');
}

/** Pictures for the products that have none; each update announces itself (product-changed), so
 *  the running catalog service drops its cached lists. */
async function seedPictures(products: SeedProduct[], mediaUrl: string, log: Logger): Promise<void> {
  const positions = new Map(products.map((product, position) => [product.name, { emoji: product.emoji, position }]));
  const bare = await Product.find({ img: '' }).select('name').lean();
  let pictured = 0;
  for (const { _id, name } of bare) {
    const seeded = positions.get(name);
    if (!seeded) continue;
    const img = await uploadPicture(mediaUrl, await emojiPicture(seeded.emoji, seeded.position), `${seeded.emoji}.png`);
    const announce = outboxUpdate([productChanged(_id.toString(), 'updated')]);
    const updated = await Product.updateOne({ _id, img: '' }, { $set: { img, ...announce.$set }, $inc: announce.$inc });
    pictured += updated.modifiedCount;
  }
  log.info({ pictured, withoutSeedPicture: bare.length - pictured }, 'product pictures seeded');
}

async function seed(): Promise<void> {
  const config = loadConfig(SeedConfig);
  const log = createLogger('catalog-seed', config.LOG_LEVEL);
  await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  try {
    const products = await readSeed('products.json', SeedProduct);
    await seedProducts(products, log);
    await seedPictures(products, config.MEDIA_URL, log);

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
