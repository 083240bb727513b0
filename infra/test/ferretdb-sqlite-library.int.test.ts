// The local FerretDB opens its databases with the C SQLite library, built with its `dbstat` table
// (infra/ferretdb/patches/07-c-sqlite.patch, infra/bin/install.mjs): listDatabases still tells each
// database's size (it reads them from `dbstat`; without it, it lists none), and a second document
// with a taken `_id` or unique key is still refused as MongoDB refuses it (the library tells a
// duplicate key by a code of its own).
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';

const dbName = `ferretdb_library_${randomUUID().slice(0, 8)}`;
const database = mongoose.createConnection(stackEnv.mongoUrl, { dbName, socketTimeoutMS: 30_000 });
const shelves = database.collection<{ _id: string; code: string }>('shelves');

afterAll(async () => {
  await database.dropDatabase();
  await database.close();
});

it('lists a database with its size', async () => {
  await shelves.insertOne({ _id: 'first', code: 'R-1' });
  const { databases } = await database.db!.admin().listDatabases();
  const listed = databases.find((listedDatabase) => listedDatabase.name === dbName);
  expect(listed?.sizeOnDisk).toBeGreaterThan(0);
});

it('refuses a taken _id and a taken unique key with a duplicate key error', async () => {
  await shelves.createIndex({ code: 1 }, { unique: true });
  await expect(shelves.insertOne({ _id: 'first', code: 'R-2' })).rejects.toMatchObject({ code: 11000 });
  await expect(shelves.insertOne({ _id: 'second', code: 'R-1' })).rejects.toMatchObject({ code: 11000 });
  expect(await shelves.countDocuments()).toBe(1);
});
