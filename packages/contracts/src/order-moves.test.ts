import { OrderStatus, mayMoveOrder, orderMovesFor, outOfStockMessage, type OrderActor } from './index';

// Every status against every status, for each actor: the whole table of allowed moves, so a rule
// that lets one more move through (or stops one) fails here by name.
const ALLOWED: Record<OrderActor, string[]> = {
  shopper: ['placed→confirmed', 'placed→cancelled', 'confirmed→cancelled'],
  admin: [
    'placed→confirmed',
    'placed→cancelled',
    'confirmed→packed',
    'confirmed→cancelled',
    'packed→out-for-delivery',
    'packed→cancelled',
    'out-for-delivery→delivered',
    'out-for-delivery→cancelled',
  ],
  system: ['placed→cancelled'],
};

describe.each(Object.keys(ALLOWED) as OrderActor[])('moves of a %s', (actor) => {
  const pairs = OrderStatus.options.flatMap((from) => OrderStatus.options.map((to) => [from, to] as const));
  it.each(pairs)(`%s → %s`, (from, to) => {
    expect(mayMoveOrder(actor, from, to)).toBe(ALLOWED[actor].includes(`${from}→${to}`));
  });
});

it('lists the moves a screen offers, in the order of the lifecycle', () => {
  expect(orderMovesFor('admin', 'confirmed')).toEqual(['packed', 'cancelled']);
  expect(orderMovesFor('shopper', 'packed')).toEqual([]);
  expect(orderMovesFor('admin', 'delivered')).toEqual([]);
});

it('says in plain words how many are left of each item short', () => {
  const carrot = { productId: '507f1f77bcf86cd799439011', name: 'Fresh Carrot', requested: 2, available: 1 };
  const oil = { productId: '507f1f77bcf86cd799439012', name: 'Mustard Oil', requested: 1, available: 0 };
  expect(outOfStockMessage([carrot, oil])).toBe('Only 1 left of Fresh Carrot, Mustard Oil is out of stock');
});
