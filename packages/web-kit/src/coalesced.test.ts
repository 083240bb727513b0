import { coalesced } from './coalesced';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('acts on the first ask at once and on those of the next window together, each thing once', () => {
  const acts: string[][] = [];
  const ask = coalesced<string>((things) => acts.push(things), 2_000, new AbortController().signal);
  ask('Order');
  expect(acts).toEqual([['Order']]);
  for (let i = 0; i < 40; i++) ask('Order');
  ask('Order', 'Product');
  expect(acts).toHaveLength(1);
  jest.advanceTimersByTime(2_000);
  expect(acts).toEqual([['Order'], ['Order', 'Product']]);
  jest.advanceTimersByTime(10_000);
  expect(acts).toHaveLength(2);
});

it('acts at once again after a quiet window', () => {
  const acts: string[][] = [];
  const ask = coalesced<string>((things) => acts.push(things), 2_000, new AbortController().signal);
  ask('Order');
  jest.advanceTimersByTime(5_000);
  ask('Product');
  expect(acts).toEqual([['Order'], ['Product']]);
});

it('drops what waits once aborted', () => {
  const acts: string[][] = [];
  const stop = new AbortController();
  const ask = coalesced<string>((things) => acts.push(things), 2_000, stop.signal);
  ask('Order');
  ask('Product');
  stop.abort();
  jest.advanceTimersByTime(5_000);
  expect(acts).toEqual([['Order']]);
});
