// connectMongo on the stack's database: mongoose's own index building is off (it took the
// database catalog's write lock at every start), so the kit creates what a model declares and its
// collection lacks, for a collection that exists without them as for one that does not exist yet.
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { createLogger } from './logger';
import { connectMongo, disconnectMongo } from './mongo';

const dbName = `kit_indexes_${randomUUID().slice(0, 8)}`;
const shelfSchema = new mongoose.Schema({ code: { type: String, unique: true, sparse: true }, aisle: String, addedAt: Date });
shelfSchema.index({ aisle: 1, addedAt: -1 });
const Shelf = mongoose.model('KitIndexShelf', shelfSchema, 'shelves');
const Basket = mongoose.model('KitIndexBasket', new mongoose.Schema({ owner: { type: String, index: true } }), 'baskets');

const keysOf = async (model: Pick<mongoose.Model<unknown>, 'listIndexes'>) =>
  (await model.listIndexes()).map((index: { key: object }) => index.key);

beforeAll(async () => {
  // the shelves exist already, with no index but _id's
  const client = await mongoose.createConnection(stackEnv.mongoUrl, { dbName }).asPromise();
  await client.collection('shelves').insertOne({ aisle: 'rice' });
  await client.close();
  await connectMongo(stackEnv.mongoUrl, dbName, createLogger('kit-indexes-test', 'silent'));
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

it('creates the indexes an existing collection lacks, unique ones refusing a twin', async () => {
  expect(await keysOf(Shelf)).toEqual(expect.arrayContaining([{ code: 1 }, { aisle: 1, addedAt: -1 }]));
  await Shelf.create({ code: 'R-1', aisle: 'rice' });
  await expect(Shelf.create({ code: 'R-1', aisle: 'lentils' })).rejects.toMatchObject({ code: 11000 });
});

it('creates a collection that does not exist yet with its indexes', async () => {
  expect(await keysOf(Basket)).toEqual(expect.arrayContaining([{ owner: 1 }]));
});
