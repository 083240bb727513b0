// errorHandler in process: mistakes that express itself and its body parser catch, before any
// route runs, are the client's and answered 4xx in plain words, never 500; every answer names its
// refusal by the code the apps word it by.
import { ErrorAnswer } from '@bazar/contracts';
import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { z } from 'zod';
import { HttpError, conflict, errorHandler, fieldRefusal, notFound, unknownRoute } from './errors';
// the database part, which adds how its errors are answered
import '../mongo';

const app = express();
app.use(express.json());
app.get('/product-details/:id', (_req, res) => void res.json({ ok: true }));
app.post('/review', (_req, res) => void res.json({ ok: true }));
const { mongo } = mongoose;
const databaseAway = {
  'no server to select': () =>
    new mongo.MongoServerSelectionError('Server selection timed out after 5000 ms', { type: 'Unknown' } as never),
  'a dropped connection': () => new mongo.MongoNetworkError('connection 4 to 127.0.0.1:27017 closed'),
  'a client closed under a command (the kit replacing it)': () => new mongo.MongoTopologyClosedError(),
  'a client not connected': () => new mongo.MongoNotConnectedError('Client must be connected before running operations'),
};
app.get('/alloffers/:fault', (req) => {
  throw databaseAway[req.params.fault as keyof typeof databaseAway]();
});
app.get('/zod', () => z.strictObject({ price: z.number() }).parse({ price: 'abc' }));
app.get('/cast', () => {
  throw new mongoose.Error.CastError('ObjectId', 'abc', '_id');
});
app.get('/mongoose-validation', () => {
  const refused = new mongoose.Error.ValidationError();
  refused.addError('price', new mongoose.Error.ValidatorError({ message: 'price must be positive', path: 'price' }));
  throw refused;
});
app.get('/duplicate', () => {
  throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
});
app.get('/unexpected', () => {
  throw new Error('a bug');
});
app.get('/slot-full', () => {
  throw conflict('slot-full', 'This delivery slot is full; choose another', { slot: '2026-12-07T16' });
});
app.get('/no-such-order', () => {
  throw notFound('no-such-order', 'No such order');
});
app.get('/own-cart', () => {
  throw fieldRefusal(403, 'own-account-only', 'userEmail', 'You can only add to your own cart');
});
app.get('/away', () => {
  throw new HttpError(503, 'service-away', 'The cart service is unavailable; try again shortly');
});
app.use(unknownRoute);
app.use(errorHandler);

it('answers a path with a broken %-escape 400', async () => {
  const answer = await request(app).get('/product-details/%zz');
  expect({ status: answer.status, body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 400,
    body: { error: 'The address is not validly percent-encoded', code: 'unreadable-request' },
  });
});

it.each(['gzip', 'deflate', 'br'])('answers a body that is not %s-compressed as it claims 400', async (encoding) => {
  const answer = await request(app).post('/review').set('content-type', 'application/json').set('content-encoding', encoding).send('{}');
  expect({ status: answer.status, body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 400,
    body: { error: 'The request body could not be read', code: 'unreadable-request' },
  });
});

it.each(Object.keys(databaseAway))('answers a read that met %s 503, to be tried again', async (fault) => {
  const answer = await request(app).get(`/alloffers/${encodeURIComponent(fault)}`);
  expect({ status: answer.status, retryAfter: answer.headers['retry-after'], body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 503,
    retryAfter: '5',
    body: { error: 'The store cannot reach its database just now; try again in a moment', code: 'database-away' },
  });
});

it.each([
  ['a body that is not JSON', 'post', '/review', '{"price":', 400, 'unreadable-request'],
  ['a body larger than the parser takes', 'post', '/review', JSON.stringify({ text: 'x'.repeat(200_000) }), 413, 'body-too-large'],
  ['a refused zod parse', 'get', '/zod', undefined, 400, 'invalid-request'],
  ['a malformed id (CastError)', 'get', '/cast', undefined, 400, 'invalid-request'],
  ["mongoose's own validation", 'get', '/mongoose-validation', undefined, 400, 'invalid-request'],
  ['a duplicate key', 'get', '/duplicate', undefined, 409, 'already-exists'],
  ['an unexpected error', 'get', '/unexpected', undefined, 500, 'internal'],
  ['an HttpError of the store', 'get', '/slot-full', undefined, 409, 'slot-full'],
  ['a thing not found', 'get', '/no-such-order', undefined, 404, 'no-such-order'],
  ['a refused field', 'get', '/own-cart', undefined, 403, 'own-account-only'],
  ['a service away', 'get', '/away', undefined, 503, 'service-away'],
  ['a path no route takes', 'get', '/nowhere', undefined, 404, 'no-such-endpoint'],
] as const)('answers %s with its code', async (_case, method, path, body, status, code) => {
  const asked = method === 'post' ? request(app).post(path).set('content-type', 'application/json').send(body) : request(app).get(path);
  const answer = await asked;
  expect({ status: answer.status, code: ErrorAnswer.parse(answer.body).code }).toEqual({ status, code });
});

it("keeps an HttpError's own fields beside its words and code", async () => {
  const answer = await request(app).get('/slot-full');
  expect(answer.body).toEqual({ error: 'This delivery slot is full; choose another', code: 'slot-full', slot: '2026-12-07T16' });
});
