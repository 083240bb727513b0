import { answerPrints, shownHeaders } from './answer-prints';

const product = (fields: Record<string, unknown> = {}) => ({
  _id: '6b0c3b39283a05c78f1032e4',
  name: 'Miniket Rice 5 kg',
  price: 420,
  img: '/media/rice.webp',
  quantity: 120,
  description: 'Polished long-grain rice.',
  ...fields,
});
const prints = (answer: unknown, status = 200) => answerPrints(status, Buffer.from(JSON.stringify(answer)));

describe('answerPrints', () => {
  it('tells a change of a count of units left apart from every other change', () => {
    const rendered = prints([product(), product({ _id: '6b0c3b39283a05c78f1032e5', quantity: 3 })]);
    const fewerLeft = prints([product({ quantity: 97 }), product({ _id: '6b0c3b39283a05c78f1032e5', quantity: 1 })]);
    expect(fewerLeft.print).not.toBe(rendered.print);
    expect(fewerLeft.lasting).toBe(rendered.lasting);

    for (const changed of [
      [product({ price: 410 }), product({ _id: '6b0c3b39283a05c78f1032e5', quantity: 3 })],
      [product({ name: 'Miniket Rice 10 kg' }), product({ _id: '6b0c3b39283a05c78f1032e5', quantity: 3 })],
      // sold out
      [product(), product({ _id: '6b0c3b39283a05c78f1032e5', quantity: 0 })],
      // a product gone from the list
      [product()],
    ]) {
      expect(prints(changed).lasting).not.toBe(rendered.lasting);
    }
  });

  it('reads a product answered alone as one in a list', () => {
    expect(prints(product({ quantity: 5 })).lasting).toBe(prints(product({ quantity: 6 })).lasting);
    expect(prints(product({ quantity: 0 })).lasting).not.toBe(prints(product({ quantity: 1 })).lasting);
  });

  it("counts the headers a page shows beside the body (a list's total, a search's close matches), and no other", () => {
    const read = '/api/products?q=rice&page=1';
    const body = Buffer.from(JSON.stringify([product()]));
    const rendered = answerPrints(200, body, shownHeaders(read, { 'x-total-count': '74', etag: 'W/"1"' }));
    expect(answerPrints(200, body, shownHeaders(read, { 'x-total-count': '74', etag: 'W/"2"', date: 'now' }))).toEqual(rendered);
    // a product joined the list beyond this page: not a count of units left
    const grown = answerPrints(200, body, shownHeaders(read, { 'x-total-count': '76' }));
    expect(grown.print).not.toBe(rendered.print);
    expect(grown.lasting).not.toBe(rendered.lasting);
    const none = Buffer.from('[]');
    expect(answerPrints(200, none, shownHeaders(read, { 'x-close-matches': ['rice', 'ruti'] }))).toEqual(
      answerPrints(200, none, shownHeaders(read, { 'x-close-matches': 'rice, ruti' })),
    );
    expect(answerPrints(200, none, shownHeaders(read, { 'x-close-matches': 'rice' })).print).not.toBe(answerPrints(200, none).print);
  });

  it("leaves out home's total, which home does not show", () => {
    const home = '/api/products?pageSize=16';
    const body = Buffer.from(JSON.stringify([product()]));
    expect(answerPrints(200, body, shownHeaders(home, { 'x-total-count': '76' }))).toEqual(
      answerPrints(200, body, shownHeaders(home, { 'x-total-count': '74' })),
    );
  });

  it('counts anything else, and another status, as it is', () => {
    const offer = { _id: '6b0c3b39283a05c78f1032e6', offerTitle: 'Eid', quantity: 'many' };
    expect(prints({ ...offer, quantity: 'few' }).lasting).not.toBe(prints(offer).lasting);
    expect(prints(product(), 404).lasting).toBe(prints(product(), 404).print);
    expect(prints(product({ quantity: 5 }), 404).lasting).not.toBe(prints(product({ quantity: 6 }), 404).lasting);
    const notJson = answerPrints(200, Buffer.from('<html>'));
    expect(notJson.lasting).toBe(notJson.print);
  });
});
