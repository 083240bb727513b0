// errorHandler in process: mistakes that express itself and its body parser catch, before any
// route runs, are the client's and answered 4xx in plain words, never 500.
import { ErrorAnswer } from '@bazar/contracts';
import express from 'express';
import request from 'supertest';
import { errorHandler } from './errors';

const app = express();
app.use(express.json());
app.get('/product-details/:id', (_req, res) => void res.json({ ok: true }));
app.post('/review', (_req, res) => void res.json({ ok: true }));
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
