// jest runs every kind of test but the browser's (*.browser.test.ts: Playwright Test,
// playwright.config.ts). The stack (Kafka, FerretDB, Redis, Keycloak, services, gateway, nginx) is
// started by `npm test` (infra/bin/test.mjs) before jest runs, or is already running under
// `npm start` when a developer runs `npx jest` by hand.
//   *.test.ts          unit: pure logic, no stack
//   *.int.test.ts      integration: the real components of the running stack
//   *.fault.test.ts    stop, kill and restart parts of the stack
//   *.fuzz.test.ts     thousands of generated bad requests; they compare every database before and
//                      after, and reset the gateway's rate limits
// Fault and fuzz tests run alone, one at a time, after the rest, when BAZAR_TEST_PHASE=alone
// (infra/bin/test-phases.mjs).
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];

const alonePhase = process.env.BAZAR_TEST_PHASE === 'alone';
const ALONE = ['\\.fault\\.test\\.ts$', '\\.fuzz\\.test\\.ts$'];

module.exports = {
  transform: { '^.+\\.(t|m?j)sx?$': swc },
  moduleNameMapper: {
    '^@bazar/contracts$': '<rootDir>/packages/contracts/src/index.ts',
    '^@bazar/service-kit$': '<rootDir>/packages/service-kit/src/index.ts',
    // a part: src/http/index.ts, src/mongo.ts, ...
    '^@bazar/service-kit/(.+)$': '<rootDir>/packages/service-kit/src/$1',
    '^@bazar/testing$': '<rootDir>/packages/testing/src/index.ts',
  },
  testMatch: alonePhase ? ['**/*.fault.test.ts', '**/*.fuzz.test.ts'] : ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.stack/', '\\.browser\\.test\\.ts$', ...(alonePhase ? [] : ALONE)],
  // jose (under jwks-rsa) and @platformatic/kafka ship ES modules only; Node loads them, jest's
  // CommonJS runtime needs them compiled
  transformIgnorePatterns: ['/node_modules/(?!jose/|@platformatic/)'],
  modulePathIgnorePatterns: ['<rootDir>/.stack/', '/dist/'],
  testTimeout: 60_000,
  maxWorkers: alonePhase ? 1 : 2,
  ...(alonePhase && { testSequencer: '<rootDir>/infra/test/fuzz-first-sequencer.mjs' }),
};
