// readGently's batches and pauses, with a stand-in query and pause: the database itself and the
// lengths of the pauses (wall-clock time) are not the subject here (bench/results.md, History,
// 2026-11-30, has what they spare the orders placed meanwhile).
import { readGently } from './mongo';

function queryOf(documents: number[]) {
  const asked: number[] = [];
  const query = {
    batchSize(size: number) {
      asked.push(size);
      return {
        async *cursor() {
          yield* documents;
        },
      };
    },
  };
  return { query, asked };
}

it('yields every document in order, asking for them a hundred at a time and pausing after each hundred', async () => {
  const documents = Array.from({ length: 250 }, (_, i) => i);
  const { query, asked } = queryOf(documents);
  const pauses: number[] = [];
  const read: number[] = [];
  for await (const document of readGently(query, async (ms) => void pauses.push(ms))) read.push(document);
  expect(read).toEqual(documents);
  expect(asked).toEqual([100]);
  expect(pauses).toHaveLength(2);
  for (const ms of pauses) expect(ms).toBeGreaterThanOrEqual(0);
});

it('pauses four times as long as a batch took: busy a fifth of the time', async () => {
  let now = 0;
  const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
  try {
    const { query } = queryOf(Array.from({ length: 100 }, (_, i) => i));
    const pauses: number[] = [];
    for await (const _ of readGently(query, async (ms) => void pauses.push(ms))) now += 0.5; // each document takes 0.5 ms
    expect(pauses).toEqual([4 * 100 * 0.5]);
  } finally {
    clock.mockRestore();
  }
});
