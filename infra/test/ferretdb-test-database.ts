// Where the FerretDB tests run their queries: the stack's store, its database `ferretdb_test`, in
// collections of each test file's own (so files running side by side, and runs before, never meet),
// and what FerretDB's explain says of a query there.
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import type { Collection, Document, Filter, FindCursor, IndexSpecification, OptionalUnlessRequiredId } from 'mongodb';
import mongoose from 'mongoose';

/** The indexes the admin's order list reads through: a status's orders and every order, newest first. */
export const ORDER_LIST_INDEXES: IndexSpecification[] = [
  { status: 1, createdAt: -1, _id: -1 },
  { createdAt: -1, _id: -1 },
];

/** A connection to the tests' database, closed after the file's tests, and its collections named
 *  `<name>_<this run's suffix>`, dropped then. A hung command fails its test within the test's time
 *  instead of waiting for good. */
export function testDatabase(options: mongoose.ConnectOptions = {}) {
  const database = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'ferretdb_test', socketTimeoutMS: 30_000, ...options });
  const suffix = randomUUID().slice(0, 8);
  const made: Collection<never>[] = [];
  afterAll(async () => {
    for (const collection of made) await collection.drop();
    await database.close();
  });
  return {
    collection<T extends Document>(name: string): Collection<T> {
      const collection = database.collection<T>(`${name}_${suffix}`);
      made.push(collection as unknown as Collection<never>);
      return collection;
    },
  };
}

/** Before the file's tests: `collection` indexed by `indexes`, then holding `documents`. */
export function seed<T extends Document>(
  collection: Collection<T>,
  indexes: IndexSpecification[],
  documents: OptionalUnlessRequiredId<T>[],
): void {
  beforeAll(async () => {
    for (const index of indexes) await collection.createIndex(index);
    await collection.insertMany(documents);
  });
}

/** What FerretDB's explain of a find says it handed SQLite, and SQLite's plan; undefined from
 *  MongoDB, whose explain has neither (and makes no such promise). */
export async function explainFind(cursor: FindCursor<unknown>) {
  const explained = await cursor.explain();
  if (explained.serverInfo?.ferretdbVersion === undefined) return undefined;
  const { filterPushdown, sortPushdown, limitPushdown, projectionPushdown, queryPlanner } = explained as Record<string, unknown>;
  return { filterPushdown, sortPushdown, limitPushdown, projectionPushdown, plan: (queryPlanner as { Plan: string[] }).Plan.join('\n') };
}

/** FerretDB's explain of the first page of `filter` newest first, as the admin's list asks it: whether
 *  SQLite answered the page whole (sortPushdown and limitPushdown are only set when it stated the
 *  whole filter exactly; projectionPushdown told when the page keeps only `projection`'s fields) and
 *  SQLite's plan. Its explain takes no skip: FerretDB 1.24 refuses the driver's int there. */
export async function explainPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  { limit, projection }: { limit: number; projection?: Document },
) {
  const page = collection.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit);
  const explained = await explainFind(projection ? page.project(projection) : page);
  if (!explained) return undefined;
  const { filterPushdown, sortPushdown, limitPushdown, projectionPushdown, plan } = explained;
  return { pushdown: { filterPushdown, sortPushdown, limitPushdown, ...(projection && { projectionPushdown }) }, plan };
}
