// validate() in process: a refused body answers 400 with `error` in one line, as before, and
// `fields` naming each field with its own message; refused params, query and headers name no
// fields. The answer is what the contracts' ErrorAnswer describes.
import { ErrorAnswer, IdParams, NewProduct } from '@bazar/contracts';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { errorHandler, fieldRefusal } from './errors';
import { validate } from './validate';

const app = express();
app.use(express.json());
app.post('/addproducts', validate({ body: NewProduct }), (_req, res) => void res.status(201).json({ ok: true }));
app.get('/product/:id', validate({ params: IdParams }), (_req, res) => void res.json({ ok: true }));
app.post('/strict', validate({ body: z.strictObject({ items: z.array(z.object({ n: z.number() })) }) }), (_req, res) => void res.json({}));
app.post('/addtocart', () => {
  throw fieldRefusal(403, 'own-account-only', 'userEmail', 'You can only add to your own cart');
});
app.use(errorHandler);

const product = { name: 'Miniket Rice 5 kg', price: '385', quantity: '40', description: 'Fine white rice', img: '/media/abc.webp' };

describe('validate', () => {
  it('answers a refused body with its one-line error and a message per field', async () => {
    const answer = await request(app)
      .post('/addproducts')
      .send({ ...product, price: 'abc', quantity: '2.5', name: ' ' });
    expect(answer.status).toBe(400);
    expect(ErrorAnswer.parse(answer.body)).toEqual({
      error: 'name is required; price must be a number; quantity must be a whole number',
      code: 'invalid-request',
      fields: { name: 'name is required', price: 'price must be a number', quantity: 'quantity must be a whole number' },
    });
  });

  it('names a field once, with its first problem', async () => {
    const answer = await request(app)
      .post('/addproducts')
      .send({ ...product, price: '0' });
    expect(answer.body).toEqual({
      error: 'price must be more than 0',
      code: 'invalid-request',
      fields: { price: 'price must be more than 0' },
    });
  });

  it('names nested fields by their path, and leaves problems of the whole body to error', async () => {
    const nested = await request(app)
      .post('/strict')
      .send({ items: [{ n: 1 }, { n: 'two' }] });
    expect(nested.body.fields).toEqual({ 'items.1.n': 'items.1.n: Invalid input: expected number, received string' });

    const unknownKey = await request(app).post('/strict').send({ items: [], admin: true });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.error).toMatch(/admin/);
    expect(unknownKey.body).not.toHaveProperty('fields');
  });

  it('lists no fields for refused params', async () => {
    const answer = await request(app).get('/product/nope');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'params id must be a 24-character hex id', code: 'invalid-request' });
  });

  it('lets a valid body through', async () => {
    expect((await request(app).post('/addproducts').send(product)).status).toBe(201);
  });
});

describe('fieldRefusal', () => {
  it("answers a refusal found by route code in validate()'s shape: the one-line error, and the field with it", async () => {
    const answer = await request(app).post('/addtocart').send({ userEmail: 'someone@example.com' });
    expect({ status: answer.status, body: ErrorAnswer.strict().parse(answer.body) }).toEqual({
      status: 403,
      body: {
        error: 'You can only add to your own cart',
        code: 'own-account-only',
        fields: { userEmail: 'You can only add to your own cart' },
      },
    });
  });
});
