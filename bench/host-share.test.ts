// The share of CPU time the host took (steal), as results.md reports it beside the figures.
import { cpuTimesNow, cpuTimesOf, stolenShare } from './host-share';
import { resultsTable } from './results';

// user nice system idle iowait irq softirq steal guest guest_nice
const before = cpuTimesOf('cpu  1000 0 200 700 0 0 0 100 40 0\ncpu0 500 0 100 350 0 0 0 50 20 0\n');
const after = cpuTimesOf('cpu  1300 0 300 900 0 0 0 500 90 0\ncpu0 650 0 150 450 0 0 0 250 45 0\n');

test('the cpu line adds up its first eight columns; guest time is in user time already', () => {
  expect(before).toEqual({ total: 2000, stolen: 100 });
  expect(after).toEqual({ total: 3000, stolen: 500 });
});

test('the share is of the time between the two readings', () => {
  expect(stolenShare(before, after)).toBe(0.4);
  expect(stolenShare(after, after)).toBe(0);
});

test('a text that is not /proc/stat is refused', () => {
  expect(() => cpuTimesOf('intr 1 2 3\n')).toThrow('not a /proc/stat');
});

test('this machine’s own /proc/stat reads, and time only goes forward', () => {
  const now = cpuTimesNow();
  expect(now.total).toBeGreaterThan(0);
  expect(now.stolen).toBeGreaterThanOrEqual(0);
  expect(now.stolen).toBeLessThanOrEqual(now.total);
});

test('results.md names the share of every bench script', () => {
  const table = resultsTable(
    [],
    [
      { script: 'catalog-read/run.ts', share: 0.48 },
      { script: 'order-flow/run.ts', share: 0.021 },
    ],
    new Date('2026-11-27T12:00:00Z'),
  );
  expect(table).toContain('while each ran: catalog-read/run.ts 48%, order-flow/run.ts 2%;');
});
