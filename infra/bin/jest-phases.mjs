// The two jest runs of `npm test`, inside the running stack: every ordinary test (two workers),
// then the fault and fuzz tests alone, since they stop and kill parts of the stack that other tests
// use, or compare every database before and after and reset the gateway's rate limits.
// Arguments go to both runs (`npm test -- services/order` runs that folder's tests of each kind).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
// A filter may match tests of one phase only; that is no failure.
const filter = args.length > 0 ? ['--passWithNoTests'] : [];
const jest = (phase) =>
  spawnSync('npx', ['jest', '--ci', ...filter, ...args], { stdio: 'inherit', env: { ...process.env, BAZAR_TEST_PHASE: phase } }).status;

const ordinary = jest('ordinary');
const alone = jest('alone');
process.exit(ordinary === 0 && alone === 0 ? 0 : 1);
