// errorHandler in process: mistakes that express itself and its body parser catch, before any
// route runs, are the client's and answered 4xx in plain words, never 500.
import { ErrorAnswer } from '@bazar/contracts';
import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { errorHandler } from './errors';

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
app.use(errorHandler);

it('answers a path with a broken %-escape 400', async () => {
  const answer = await request(app).get('/product-details/%zz');
  expect({ status: answer.status, body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 400,
    body: { error: 'The address is not validly percent-encoded' },
  });
});

it.each(['gzip', 'deflate', 'br'])('answers a body that is not %s-compressed as it claims 400', async (encoding) => {
  const answer = await request(app).post('/review').set('content-type', 'application/json').set('content-encoding', encoding).send('{}');
  expect({ status: answer.status, body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 400,
    body: { error: 'The request body could not be read' },
  });
});

it.each(Object.keys(databaseAway))('answers a read that met %s 503, to be tried again', async (fault) => {
  const answer = await request(app).get(`/alloffers/${encodeURIComponent(fault)}`);
  expect({ status: answer.status, retryAfter: answer.headers['retry-after'], body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
    status: 503,
    retryAfter: '5',
    body: { error: 'The store cannot reach its database just now; try again in a moment' },
  });
});
