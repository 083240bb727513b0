// Seeds the demo catalog: `node services/catalog/dist/seed.js`. Inserts the products and offers
// only into empty collections, so running it again changes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NewOffer, NewProduct, takaToPaisa } from '@bazar/contracts';
import { connectMongo, createLogger, disconnectMongo, loadConfig } from '@bazar/service-kit';
import { z } from 'zod';
import { CatalogConfig } from './config';
import { Offer } from './model/offer';
import { Product } from './model/product';

const SEED_DIR = join(__dirname, '..', 'seed');
// images are added later through the media service
const SeedProduct = NewProduct.extend({ img: z.string() });

async function readSeed<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  return z.array(schema).parse(JSON.parse(await readFile(join(SEED_DIR, file), 'utf8')));
}

async function seed(): Promise<void> {
  const config = loadConfig(CatalogConfig);
  const log = createLogger('catalog-seed', config.LOG_LEVEL);
  await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  try {
    if ((await Product.estimatedDocumentCount()) === 0) {
      const products = await readSeed('products.json', SeedProduct);
      // one at a time, so that creation order (the home page's order) follows the file
      for (const { price, ...product } of products) await Product.create({ ...product, pricePaisa: takaToPaisa(price) });
      log.info({ count: products.length }, 'products seeded');
    } else log.info('products already present; not seeded');

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
