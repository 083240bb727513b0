import { setTimeout as sleep } from 'node:timers/promises';

/** The gateway's budgets are fixed minutes, each starting afresh (gateway/src/limits/rate-limit.ts):
 *  how long until the next one begins. */
const untilNextMinute = () => 60_000 - (Date.now() % 60_000);

/** Waits until the gateway's next minute has begun, and `afterMs` more. */
export const nextMinute = (afterMs = 50) => sleep(untilNextMinute() + afterMs);

/** A test that spends a budget and then looks for the refusal waits for the next minute when less
 *  than 10 s of this one is left, so that its requests are not split over two. */
export async function withinOneMinute(): Promise<void> {
  if (untilNextMinute() < 10_000) await nextMinute();
}
