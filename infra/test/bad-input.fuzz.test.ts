// Bad input to every endpoint of the public API (PUBLIC_API, so a new endpoint is fuzzed without
// editing this file), through the running gateway: fast-check generates requests with wrong types,
// missing and extra fields, huge strings, unicode, query-operator objects, malformed ids, broken
// JSON, the wrong content type or encoding and bodies over 1 MB, from the right caller and the
// wrong one. Each answer must follow the house rules (fuzz/answer-rules.ts); a request that writes
// is only sent when the contracts say it must be refused (fuzz/refusals.ts), and after each
// endpoint every database must be exactly as it was. Runs alone (BAZAR_TEST_PHASE=alone): the
// databases are compared, and the gateway's rate-limit counters are reset on the way.
// BAZAR_FUZZ_RUNS sets the cases per endpoint (500; 60 for a file's), BAZAR_FUZZ_SEED replays a run.
import { PUBLIC_API } from '@bazar/contracts';
import fc from 'fast-check';
import { brokenRule, describeExchange } from './fuzz/answer-rules.ts';
import { badRequests, endpointKey } from './fuzz/bad-requests.ts';
import { fuzzCallers } from './fuzz/callers.ts';
import {
  databaseChanges,
  databaseSnapshot,
  settledDatabaseSnapshot,
  startStoreClock,
  storeOwnWork,
  type DatabaseSnapshot,
  type StoreClock,
} from './fuzz/databases.ts';
import { forgetRateLimits } from './fuzz/rate-limits.ts';
import { refusalReasons } from './fuzz/refusals.ts';
import { onTheWire, send, type Callers } from './fuzz/wire.ts';

const RUNS = Number(process.env.BAZAR_FUZZ_RUNS ?? 500);
/** An endpoint that answers with a file (the orders' CSV, a receipt's PDF) is read whole each time,
 *  an export of every order included: fewer cases keep it within the test's time. */
const FILE_RUNS = Math.min(RUNS, 60);
const runsOf = (endpoint: (typeof PUBLIC_API)[number]) => (endpoint.answers[200]?.mediaType ? FILE_RUNS : RUNS);
const SEED = process.env.BAZAR_FUZZ_SEED === undefined ? Date.now() : Number(process.env.BAZAR_FUZZ_SEED);
jest.setTimeout(180_000);

let callers: Callers;
let before: DatabaseSnapshot;
/** since when the store's own work (an unconfirmed order cancelled at the end of its hold) is set aside */
let clock: StoreClock;
/** per endpoint: cases sent, by status, and seconds taken, for the summary */
const summary: string[] = [];

beforeAll(async () => {
  callers = await fuzzCallers();
  await forgetRateLimits();
  clock = await startStoreClock();
  before = await settledDatabaseSnapshot();
});
afterAll(() => console.log(`bad-input fuzz, seed ${SEED}, ${RUNS} cases per endpoint:\n${summary.join('\n')}`));

// a stream's answer stays open: gateway/src/order-stream.int.test.ts checks who may open it
const fuzzed = PUBLIC_API.filter((endpoint) => !endpoint.stream);

describe.each(fuzzed.map((endpoint) => [endpointKey(endpoint), endpoint] as const))('%s', (key, endpoint) => {
  it('answers every bad request by the house rules and changes no database', async () => {
    const started = Date.now();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(badRequests(endpoint), async (request) => {
        const wire = await onTheWire(request, callers);
        const reasons = refusalReasons(endpoint, request, wire, callers);
        // a write is only sent when it must be refused: what it may change is then nothing
        fc.pre(endpoint.method === 'get' || reasons.length > 0);
        const answer = await send(wire, request.caller, callers, request.forgedToken);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const broken = brokenRule(answer, reasons);
        if (broken) throw new Error(`${key} ${broken}\n${describeExchange(wire, request.caller, reasons, answer)}`);
      }),
      { numRuns: runsOf(endpoint), seed: SEED },
    );

    const after = await databaseSnapshot();
    const changes = databaseChanges(before, after, await storeOwnWork(clock));
    before = after;
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    summary.push(`  ${key.padEnd(28)} ${counts.join(' ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect({ endpoint: key, databaseChanges: changes }).toEqual({ endpoint: key, databaseChanges: [] });
  });
});
