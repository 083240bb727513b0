// One jest run covers every kind of test. The stack (Kafka, FerretDB, Redis, Keycloak, services,
// gateway, nginx) is started by `npm test` (infra/bin/test.mjs) before jest runs, or is already
// running under `npm start` when a developer runs `npx jest` by hand.
//   *.test.ts          unit: pure logic, no stack
//   *.int.test.ts      integration: the real components of the running stack
//   *.browser.test.ts  Debian's Chromium through playwright-core against nginx
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@bazar/contracts$': '<rootDir>/packages/contracts/src/index.ts',
    '^@bazar/service-kit$': '<rootDir>/packages/service-kit/src/index.ts',
    '^@bazar/testing$': '<rootDir>/packages/testing/src/index.ts',
  },
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.stack/'],
  modulePathIgnorePatterns: ['<rootDir>/.stack/', '/dist/'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
