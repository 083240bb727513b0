// A second opinion that nobody here wrote: schemathesis (from PyPI, installed by infra/bin/install.mjs
// into .stack/schemathesis) reads the gateway's own OpenAPI document (GET /openapi.json) and sends
// every operation requests it generates, valid and not, as a fresh shopper (the admin for admin
// operations). No answer may be a server error, and every answer must be one the document lists,
// with its content type and schema. Requests it gets accepted make offers, products and reviews: they
// are removed afterwards, and then every database must be as it was. Runs alone
// (BAZAR_TEST_PHASE=alone); BAZAR_SCHEMATHESIS_EXAMPLES sets the examples per operation (50).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_API } from '@bazar/contracts';
import { ReadCache, createLogger, createRedis } from '@bazar/service-kit';
import {
  ACCOUNTS,
  createAccount,
  databaseChanges,
  forgetRateLimits,
  removeAddedDocuments,
  settledDatabaseSnapshot,
  signIn,
  signedInAndSynced,
  stackEnv,
} from '@bazar/testing';
import { STACK } from '../stack/paths.ts';

const SCHEMATHESIS = path.join(STACK, 'schemathesis', 'bin', 'schemathesis');
const EXAMPLES = process.env.BAZAR_SCHEMATHESIS_EXAMPLES ?? '50';
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_schema_conformance'];
/** What the requests schemathesis may rightly get accepted leave behind: test data, and the
 *  consumers' records of the events about it. */
const LEFT_BY_ACCEPTED_REQUESTS = ['catalog.products', 'catalog.offers', 'user.reviews', '*.applied_events'];
const RUN_LIMIT_MS = 240_000;

jest.setTimeout(RUN_LIMIT_MS + 60_000);

let workDir: string;
afterAll(() => rm(workDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  output: string;
}

/** Runs the schemathesis CLI; stopped (and failed) if it outlives RUN_LIMIT_MS. */
function schemathesis(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    // its own folder as working directory: hypothesis keeps an example database in ./.hypothesis
    const child = spawn(SCHEMATHESIS, args, { cwd: workDir, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('error', (err) => reject(new Error(`could not run ${SCHEMATHESIS} (npm test installs it): ${err.message}`)));
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

/** The catalog's read cache still holds lists with the removed products until told otherwise. */
async function forgetCatalogCache(): Promise<void> {
  const log = createLogger('schemathesis-fuzz', 'silent');
  const redis = createRedis(stackEnv.redisUrl, log);
  await new Promise((resolve) => redis.once('ready', resolve));
  await new ReadCache(redis, log, 'catalog').clear();
  await redis.quit();
}

it('finds no server error, and no answer the OpenAPI document does not describe', async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bazar-schemathesis-'));
  const shopper = await createAccount('schemathesis');
  const tokensFile = path.join(workDir, 'tokens.json');
  const writeTokens = async (tokens: { admin: string; shopper: string }) => writeFile(tokensFile, JSON.stringify(tokens));
  await writeTokens({ admin: await signedInAndSynced(ACCOUNTS.admin), shopper: await signedInAndSynced(shopper) });
  const before = await settledDatabaseSnapshot();

  // tokens live a minute; every request from the two accounts counts against their rate limits
  const renewal = setInterval(
    () =>
      void Promise.all([signIn(ACCOUNTS.admin.email, ACCOUNTS.admin.password), signIn(shopper.email, shopper.password)]).then(
        ([admin, shopperToken]) => writeTokens({ admin, shopper: shopperToken }),
      ),
    40_000,
  );
  const limits = setInterval(() => void forgetRateLimits(), 250);
  let run: Run;
  try {
    run = await schemathesis(
      [
        // no answer's values feed later requests: fuzz/schemathesis.toml says why
        '--config-file',
        path.join(__dirname, 'fuzz', 'schemathesis.toml'),
        '--no-color',
        'run',
        `${stackEnv.gatewayUrl}/openapi.json`,
        // the document's server is /api, where nginx mounts the gateway; this calls the gateway itself
        '--url',
        stackEnv.gatewayUrl,
        '--checks',
        CHECKS.join(','),
        '--max-examples',
        EXAMPLES,
        // one worker: with threads, CPython 3.11's ast.parse (which hypothesis calls to describe
        // its strategies) can fail with "AST constructor recursion depth mismatch"
        '--workers',
        '1',
        '--request-timeout',
        '10',
        '--suppress-health-check',
        'all',
        ...(process.env.BAZAR_FUZZ_SEED ? ['--seed', process.env.BAZAR_FUZZ_SEED] : []),
      ],
      {
        SCHEMATHESIS_HOOKS: 'schemathesis_hooks',
        PYTHONPATH: path.join(__dirname, 'fuzz'),
        BAZAR_FUZZ_TOKENS: tokensFile,
        BAZAR_FUZZ_ADMIN_OPERATIONS: PUBLIC_API.filter((e) => e.access === 'admin')
          .map((e) => `${e.method.toUpperCase()} ${e.path}`)
          .join(','),
      },
    );
  } finally {
    clearInterval(renewal);
    clearInterval(limits);
  }
  // (a traceback's lines can run to hundreds of kB)
  const clipped = run.output.split('\n').map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
  console.log(`schemathesis exited ${run.code}:\n${clipped.join('\n')}`);

  const after = await settledDatabaseSnapshot();
  const removed = await removeAddedDocuments(before, after, LEFT_BY_ACCEPTED_REQUESTS);
  await forgetCatalogCache();
  console.log(`removed ${removed} documents that accepted requests made`);
  expect(databaseChanges(before, await settledDatabaseSnapshot())).toEqual([]);
  expect(run.code).toBe(0);
});
