import { setTimeout as sleep } from 'node:timers/promises';

/** The gateway's budgets are fixed minutes, each starting afresh: a test that spends one and then
 *  looks for the refusal waits for the next minute when less than 10 s of this one is left, so that
 *  its requests are not split over two. */
export async function withinOneMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await sleep(left + 50);
}
