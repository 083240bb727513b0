// How long the store had run before the benches, as results.md reports it beside the figures: a
// process minutes old is still compiling its code, so its figures are not the warm store's.
import { resultsTable, stackAgeText } from './results';

const now = Date.parse('2026-12-01T00:30:00Z');
const minutesAgo = (minutes: number) => now - minutes * 60_000;

test("names the youngest of the store's processes and how long the oldest had run", () => {
  const text = stackAgeText({ gateway: minutesAgo(41), keycloak: minutesAgo(3.25), order: minutesAgo(40) }, now);
  expect(text).toContain('running 3.3 min (keycloak, the youngest) to 41 min when the benches began');
});

test('says so when no process was found', () => {
  expect(stackAgeText({}, now)).toBe('How long the store had been running was not known.');
});

test('results.md carries it under the date of the run, and leaves it out when the control port did not answer', () => {
  const age = stackAgeText({ order: minutesAgo(12) }, now);
  const table = resultsTable([], [], new Date(now), age);
  expect(table.split('\n')[3]).toBe(age);
  expect(resultsTable([], [], new Date(now))).not.toContain('processes had been running');
});

test('leaves out a component whose start the control port did not give (a stack started by older code)', () => {
  expect(stackAgeText({ order: minutesAgo(12), nginx: Number.NaN }, now)).toContain('running 12 min (order, the youngest) to 12 min');
});
