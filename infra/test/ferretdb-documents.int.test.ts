// A document comes back as it was written, every kind of value in it: the local FerretDB stores a
// document as JSON and decodes each value with json.Unmarshal (infra/ferretdb/patches/
// 09-sjson-unmarshal.patch), which must read each kind exactly as FerretDB's own decoding did.
import { randomUUID } from 'node:crypto';
import { Binary, Double, Int32, Long, ObjectId, Timestamp } from 'mongodb';
import { testDatabase } from './ferretdb-test-database.ts';

const kept = testDatabase().collection('documents');

const aDocument = () => ({
  _id: new ObjectId(),
  name: 'মসুর ডাল "lentils"\n\\ 1 kg',
  empty: '',
  quantity: new Int32(-7),
  stock: Long.fromString('9007199254740993'),
  price: new Double(95.5),
  whole: new Double(3),
  tiny: new Double(5e-324),
  listed: true,
  hidden: false,
  missing: null,
  since: new Date('2026-12-07T06:50:15.123Z'),
  picture: new Binary(Buffer.from([0, 1, 2, 255]), 0),
  uuid: new Binary(Buffer.from(randomUUID().replaceAll('-', ''), 'hex'), 4),
  code: /^R-\d+$/i,
  stamp: new Timestamp({ t: 1_765_000_000, i: 3 }),
  // an array in an array is refused by the local database
  aisles: ['lentils', new Int32(4), { shelf: 'top', sizes: [new Double(1.25), null] }],
  nested: { deeper: { deepest: [] as unknown[], empty: {} } },
});

it('gives back every kind of value as it was written', async () => {
  const written = aDocument();
  await kept.insertOne(written);
  const read = await kept.findOne({ _id: written._id }, { promoteValues: false, promoteLongs: false });
  expect(read).toEqual(written);
});

it('gives back a document changed by an update as the update left it', async () => {
  const written = aDocument();
  await kept.insertOne(written);
  await kept.updateOne({ _id: written._id }, { $set: { 'nested.deeper.deepest': [new Int32(1)], price: new Double(80.25) } });
  const read = await kept.findOne({ _id: written._id }, { promoteValues: false, promoteLongs: false });
  expect(read).toEqual({ ...written, price: new Double(80.25), nested: { deeper: { deepest: [new Int32(1)], empty: {} } } });
});
