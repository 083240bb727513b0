// Seeds the demo catalog: `node services/catalog/dist/seed.js` (`npm run seed` at the root). Each
// demo product missing from the catalog (by name) gets a picture uploaded through the media service
// and is inserted with it in one write; a demo product without a category or Bangla name and
// description gets its own; offers go only into an empty collection (a demo offer without a Bangla
// title or Bangla details gets its own). Running it again changes nothing.
//
// `--products <n>` also adds a generated catalog of n groceries (generated-catalog.ts), `--batch
// <name>` naming the set ('catalog' unless given); `--remove --products <n> [--batch <name>]` takes
// that set away again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NewOffer, NewProduct, Text, takaToPaisa } from '@bazar/contracts';
import { ServiceUrl, createLogger, loadConfig, type Logger } from '@bazar/service-kit';
import { connectMongo, deleteByIds, disconnectMongo } from '@bazar/service-kit/mongo';
import { withOutbox } from '@bazar/service-kit/kafka';
import { ReadCache, createRedis } from '@bazar/service-kit/redis';
import mongoose from 'mongoose';
import { z } from 'zod';
import { CatalogConfig } from './config';
import { emojiPicture } from './demo-images';
import { generatedProducts, type GeneratedProduct } from './generated-catalog';
import { uploadPicture } from './media-client';
import { Offer } from './model/offer';
import { Product, productChanged } from './model/product';
import { ShelfCache } from './shelf-cache';

const SeedConfig = CatalogConfig.extend({ MEDIA_URL: ServiceUrl });

const SEED_DIR = join(__dirname, '..', 'seed');
/** Seed products carry the name of their emoji; the image is made from it at seed time. Each has
 *  its name and description in Bangla. */
const SeedProduct = NewProduct.extend({ img: z.literal(''), emoji: z.string().min(1), name_bn: Text(120), description_bn: Text(1000) });
type SeedProduct = z.infer<typeof SeedProduct>;

async function readSeed<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  return z.array(schema).parse(JSON.parse(await readFile(join(SEED_DIR, file), 'utf8')));
}

/** One product at a time, so that creation order (the home page's order) follows the file. The
 *  picture is in the insert itself: the running catalog service's outbox relay updates new
 *  documents, and a later image update from this process could race with it. */
async function seedProducts(products: SeedProduct[], mediaUrl: string, log: Logger): Promise<number> {
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
  return added;
}

/** The fields demo products seeded before them existed lack: their category, Bangla name and
 *  Bangla description. */
const LATER_FIELDS = ['category', 'name_bn', 'description_bn'] as const;
type LaterFields = Partial<Pick<SeedProduct, (typeof LATER_FIELDS)[number]>>;

/** Gives the demo products seeded before some of their fields existed those fields: one read of
 *  the demo products, then one write by `_id` each that lacks any. A field someone has set since is
 *  left as it is. */
async function completeDemoProducts(products: SeedProduct[]): Promise<number> {
  const byName = new Map(products.map((product) => [product.name, product]));
  const shelved = await Product.find({ name: { $in: [...byName.keys()] } })
    .select(['name', ...LATER_FIELDS])
    .lean<({ _id: mongoose.Types.ObjectId; name: string } & LaterFields)[]>();
  let changed = 0;
  for (const { _id, name, ...present } of shelved) {
    const demo = byName.get(name)!;
    const missing = LATER_FIELDS.filter((field) => present[field] === undefined && demo[field] !== undefined);
    if (missing.length === 0) continue;
    const filter = { _id, ...Object.fromEntries(missing.map((field) => [field, { $exists: false }])) };
    const fields = Object.fromEntries(missing.map((field) => [field, demo[field]]));
    if ((await Product.updateOne(filter, { $set: fields })).modifiedCount) changed += 1;
  }
  return changed;
}

/** Inserts the generated products the catalog lacks, in batches; one picture per emoji, uploaded
 *  once. They are inserted without product-changed events (thousands of them would each clear the
 *  shelf cache on every replica): the seed clears the cache once, after. Created one millisecond
 *  apart, in the generator's order, after everything already on the shelf. */
async function seedGenerated(products: GeneratedProduct[], mediaUrl: string, log: Logger): Promise<number> {
  const present = new Set(
    (
      await Product.find({ _id: { $in: products.map((product) => product._id) } })
        .select('_id')
        .lean<{ _id: mongoose.Types.ObjectId }[]>()
    ).map(({ _id }) => _id.toString()),
  );
  const missing = products.flatMap((product, at) => (present.has(product._id.toString()) ? [] : [{ product, at }]));
  const pictures = new Map<string, string>();
  for (const emoji of new Set(missing.map(({ product }) => product.emoji))) {
    pictures.set(emoji, await uploadPicture(mediaUrl, await emojiPicture(emoji, pictures.size), `${emoji}.png`));
  }
  const start = Date.now();
  for (let from = 0; from < missing.length; from += 500) {
    await Product.insertMany(
      missing.slice(from, from + 500).map(({ product: { emoji, ...product }, at }) => ({
        ...product,
        img: pictures.get(emoji),
        createdAt: new Date(start + at),
      })),
    );
  }
  log.info({ added: missing.length, alreadyThere: present.size }, 'generated products seeded');
  return missing.length;
}

const { values: options } = parseArgs({
  options: { products: { type: 'string' }, batch: { type: 'string', default: 'catalog' }, remove: { type: 'boolean', default: false } },
});

function generatedCount(): number {
  if (options.products === undefined) return 0;
  const count = Number(options.products);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new Error('--products takes a whole number from 1 to 100000');
  return count;
}

async function seed(): Promise<void> {
  const config = loadConfig(SeedConfig);
  const log = createLogger('catalog-seed', config.LOG_LEVEL);
  const count = generatedCount();
  if (options.remove && count === 0) throw new Error('--remove needs --products <n>: how many the batch holds');
  await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  let changed = 0;
  try {
    if (options.remove) {
      const ids = generatedProducts(count, options.batch).map((product) => product._id);
      changed = await deleteByIds(Product, ids);
      log.info({ removed: changed, batch: options.batch }, 'generated products removed');
    } else {
      const products = await readSeed('products.json', SeedProduct);
      // Their product-changed events clear the shared cache, but a replica's search index hears
      // them only once its consumer has joined, which on a fresh stack comes after the seed: the
      // cache is cleared once more below, and every index loads the shelf again.
      changed += await seedProducts(products, config.MEDIA_URL, log);
      changed += await completeDemoProducts(products);

      if ((await Offer.estimatedDocumentCount()) === 0) {
        const offers = await readSeed('offers.json', NewOffer);
        for (const offer of offers) await Offer.create(offer);
        log.info({ count: offers.length }, 'offers seeded');
      } else {
        // a demo offer seeded before offers had Bangla titles or details gets the file's; the Bangla
        // details go only to an offer whose English details are still the file's, as they translate them
        const offers = await readSeed('offers.json', NewOffer);
        let titled = 0;
        let detailed = 0;
        for (const { offerTitle, offerTitle_bn, offerDetails, offerDetails_bn } of offers) {
          if (offerTitle_bn)
            titled += (await Offer.updateMany({ offerTitle, offerTitle_bn: { $exists: false } }, { $set: { offerTitle_bn } }))
              .modifiedCount;
          if (offerDetails_bn)
            detailed += (
              await Offer.updateMany({ offerTitle, offerDetails, offerDetails_bn: { $exists: false } }, { $set: { offerDetails_bn } })
            ).modifiedCount;
        }
        log.info({ titled, detailed }, 'offers already present; not seeded');
      }

      if (count > 0) changed += await seedGenerated(generatedProducts(count, options.batch), config.MEDIA_URL, log);
    }
    if (changed > 0) await forgetCachedShelf(config.REDIS_URL, log);
  } finally {
    await disconnectMongo();
  }
}

/** Clears the catalog's cache in Redis, shared by every replica: the shelf changed behind its back. */
async function forgetCachedShelf(redisUrl: string, log: Logger): Promise<void> {
  const redis = createRedis(redisUrl, log);
  try {
    await new Promise((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('error', reject);
    });
    await new ShelfCache(new ReadCache(redis, log, 'catalog')).listsChanged();
  } finally {
    redis.disconnect();
  }
}

seed().catch((err: unknown) => {
  process.stderr.write(`catalog seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
