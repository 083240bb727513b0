// Rate limits of the running gateway, in Redis. Each test speaks from its own address (nginx sets
// X-Forwarded-For), so other tests sharing the gateway are not counted with it.
import { randomInt } from 'node:crypto';
import { gatewayCall as call, newShopper } from '@bazar/testing';

const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

it('limits writes per address: 429 with Retry-After once the minute’s 300 are spent', async () => {
  const from = { 'x-forwarded-for': address() };
  const statuses = [];
  for (let i = 0; i < 301; i++) statuses.push((await call('POST', '/review', undefined, {}, from)).status);
  expect(statuses.slice(0, 300).every((s) => s === 401)).toBe(true);
  const refused = await call('POST', '/review', undefined, {}, from);
  expect(statuses[300]).toBe(429);
  expect(refused).toMatchObject({ status: 429, body: { error: 'Too many requests; try again shortly' } });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  // reads from the same address still have budget left
  expect((await call('GET', '/alloffers', undefined, undefined, from)).status).toBe(200);
});

it('limits writes per signed-in user to 60 a minute, whatever address they come from', async () => {
  const shopper = await newShopper('busy');
  const statuses = [];
  for (let i = 0; i < 61; i++) statuses.push((await call('POST', '/review', shopper.token, {}, { 'x-forwarded-for': address() })).status);
  expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
  expect(statuses[60]).toBe(429);
  expect((await call('GET', '/myorders', shopper.token, undefined, { 'x-forwarded-for': address() })).status).toBe(200);
});
