// How calls take turns over a neighbour's replicas, and pass over one that refused a connection.
import { Upstreams, connectionRefused } from './upstreams';

const A = 'http://127.0.0.1:4001';
const B = 'http://127.0.0.1:4101';

it('takes the replicas in turn', () => {
  const replicas = new Upstreams([A, B]);
  expect([replicas.pick(), replicas.pick(), replicas.pick(), replicas.pick()]).toEqual([A, B, A, B]);
});

it('passes over a replica that refused, until its rest is over', () => {
  let now = 0;
  const replicas = new Upstreams([A, B], 2_000, () => now);
  replicas.refused(A);
  expect([replicas.pick(), replicas.pick(), replicas.pick()]).toEqual([B, B, B]);
  now = 2_000;
  expect([replicas.pick(), replicas.pick()].sort()).toEqual([A, B]);
});

it('still names one when every replica rests, so that one that came back is found', () => {
  const replicas = new Upstreams([A, B], 2_000, () => 0);
  replicas.refused(A);
  replicas.refused(B);
  expect([A, B]).toContain(replicas.pick());
});

it('never rests the only address (a Service on a cluster)', () => {
  const replicas = new Upstreams([A], 2_000, () => 0);
  replicas.refused(A);
  expect(replicas.pick()).toBe(A);
});

it('knows a refused connection from a connection that broke under the request', () => {
  expect(connectionRefused(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
  expect(connectionRefused(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }))).toBe(false);
  expect(connectionRefused(undefined)).toBe(false);
});
