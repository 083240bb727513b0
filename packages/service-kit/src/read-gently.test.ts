// readGently's batches and pauses, with a stand-in query and pause: the database itself and the
// lengths of the pauses (wall-clock time) are not the subject here (bench/results.md, History,
// 2026-11-30, has what they spare the orders placed meanwhile).
import { readGently } from './mongo';

function queryOf(documents: number[]) {
  const asked: number[] = [];
  const closed: number[] = [];
  const query = {
    batchSize(size: number) {
      asked.push(size);
      return {
        cursor() {
          return {
            async *[Symbol.asyncIterator]() {
              yield* documents;
            },
            async close() {
              closed.push(1);
            },
          };
        },
      };
    },
  };
  return { query, asked, closed };
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

// mongoose's query cursor has no return(): a `for await` over it that ends early leaves it open
it.each([
  [
    'read to its end',
    async (documents: AsyncIterable<number>) => {
      for await (const _ of documents);
    },
  ],
  [
    'left by a break',
    async (documents: AsyncIterable<number>) => {
      for await (const _ of documents) break;
    },
  ],
  [
    'left by a throw',
    async (documents: AsyncIterable<number>) => {
      for await (const _ of documents) throw new Error('the reader failed');
    },
  ],
])('closes its cursor when %s', async (_, read) => {
  const { query, closed } = queryOf(Array.from({ length: 250 }, (_, i) => i));
  await read(readGently(query, async () => undefined)).catch(() => undefined);
  expect(closed).toHaveLength(1);
});
