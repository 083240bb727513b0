// The host's speed as results.md reports it beside the figures: fixed work, timed in slices.
import { hostSpeedNow, summarise } from './host-speed';
import { resultsTable } from './results';

test('the median of an odd count is its middle slice, of an even count the mean of the two middle ones', () => {
  expect(summarise([50, 30, 40])).toEqual({ medianMs: 40, fastestMs: 30, slowestMs: 50 });
  expect(summarise([62, 33, 41, 45])).toEqual({ medianMs: 43, fastestMs: 33, slowestMs: 62 });
});

test('no slice, no speed', () => {
  expect(() => summarise([])).toThrow('no slice was timed');
});

test('the slices of this machine take CPU time, the fastest first', async () => {
  const speed = await hostSpeedNow();
  expect(speed.fastestMs).toBeGreaterThan(0);
  expect(speed.fastestMs).toBeLessThanOrEqual(speed.medianMs);
  expect(speed.medianMs).toBeLessThanOrEqual(speed.slowestMs);
});

test('results.md gives the host speed measured before each bench script', () => {
  const table = resultsTable(
    [],
    [
      { script: 'catalog-read/run.ts', share: 0, speed: { medianMs: 45.2, fastestMs: 33.4, slowestMs: 61.9 } },
      { script: 'order-flow/run.ts', share: 0 },
    ],
    new Date('2026-11-30T12:00:00Z'),
  );
  expect(table).toContain('(median of 12, fastest–slowest; lower is faster): catalog-read/run.ts 45 ms (33–62).');
  expect(table).not.toContain('order-flow/run.ts 0 ms');
});
