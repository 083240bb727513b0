// A second opinion that nobody here wrote: schemathesis (from PyPI, installed by infra/bin/install.mjs
// into .stack/schemathesis) reads the gateway's own OpenAPI document (GET /openapi.json) and sends
// every operation requests it generates, valid and not, as a fresh shopper (the admin for admin
// operations). No answer may be a server error, and every answer must be one the document lists,
// with its content type and schema. The operations that look something up are given what the test
// made for them (fuzz/schemathesis.toml): the shopper, a product, and the shopper's order and cart
// line of it. That, and what accepted requests make (offers, products, reviews, a profile, uploaded
// images), is removed afterwards, and then every database must be as it was. Runs alone
// (BAZAR_TEST_PHASE=alone); BAZAR_SCHEMATHESIS_EXAMPLES sets the examples per operation (50).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CartLine, IMAGE_UPLOAD, InsertAnswer, MAX_STOCK, PUBLIC_API, PlaceOrderAnswer, UserList } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { ReadCache, createRedis } from '@bazar/service-kit/redis';
import { ACCOUNTS, createAccount, gatewayCall, signIn, signedInAndSynced, stackEnv, type Credentials } from '@bazar/testing';
import sharp from 'sharp';
import { STACK, stackPath } from '../stack/paths.ts';
import {
  databaseChanges,
  removeAddedDocuments,
  settledDatabaseSnapshot,
  startStoreClock,
  storeOwnWork,
  type DatabaseSnapshot,
} from './fuzz/databases.ts';
import { forgetRateLimits } from './fuzz/rate-limits.ts';

const SCHEMATHESIS = path.join(STACK, 'schemathesis', 'bin', 'schemathesis');
const EXAMPLES = process.env.BAZAR_SCHEMATHESIS_EXAMPLES ?? '50';
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_schema_conformance'];
/** Where the test data lies: what the test makes for the run, what accepted requests make, and the
 *  consumers' records of the events about them. */
const TEST_DATA = [
  'user.users',
  'user.profiles',
  'user.reviews',
  'catalog.products',
  'catalog.offers',
  'cart.carts',
  'order.orders',
  'order.holds',
  'catalog.reservations',
  'media.uploads',
  'user.address_books',
  'user.sent_mails',
  'catalog.wishlists',
  'order.delivery_slot_settings',
  '*.applied_events',
];
const MEDIA_DIR = process.env.MEDIA_DIR ?? stackPath('media');
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

/** The body of an answer the test's own request must have had accepted. */
function accepted(answer: { status: number; body: unknown }, what: string): unknown {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** What the operations that look something up are given (fuzz/schemathesis.toml), as BAZAR_FUZZ_*:
 *  the shopper's email (synced already); a product; an order of it placed with a known
 *  Idempotency-Key; the shopper's cart line of it; and the admin's email and record. */
async function lookupTargets(shopper: Credentials, shopperToken: string, adminToken: string): Promise<Record<string, string>> {
  const product = InsertAnswer.parse(
    accepted(
      await gatewayCall('POST', '/addproducts', adminToken, {
        name: 'Schemathesis rice',
        price: 100,
        quantity: MAX_STOCK,
        description: 'Test data of the schemathesis run',
        img: '/media/schemathesis.webp',
      }),
      'the product',
    ),
  );
  const addToCart = async () =>
    CartLine.parse(accepted(await gatewayCall('POST', '/addtocart', shopperToken, { productId: product.insertedId }), 'the cart line'));
  await addToCart();
  const orderKey = `schemathesis-${randomUUID()}`;
  const order = PlaceOrderAnswer.parse(
    accepted(
      await gatewayCall(
        'POST',
        '/orderplace',
        shopperToken,
        { name: shopper.fullName, email: shopper.email },
        { 'idempotency-key': orderKey },
      ),
      'the order',
    ),
  );
  // the order took that line; the run gets one to change and to remove
  const line = await addToCart();
  const users = UserList.parse(accepted(await gatewayCall('GET', '/allusers', adminToken), 'the users'));
  const admin = users.find((user) => user.email === ACCOUNTS.admin.email);
  if (!admin) throw new Error(`no user record of ${ACCOUNTS.admin.email}`);
  return {
    BAZAR_FUZZ_SHOPPER_EMAIL: shopper.email,
    BAZAR_FUZZ_ADMIN_EMAIL: admin.email,
    BAZAR_FUZZ_ADMIN_ID: admin._id,
    BAZAR_FUZZ_PRODUCT_ID: product.insertedId,
    BAZAR_FUZZ_CART_LINE_ID: line._id,
    BAZAR_FUZZ_ORDER_ID: order.insertedId,
    BAZAR_FUZZ_ORDER_KEY: orderKey,
  };
}

/** A small image of each kind POST /upload takes, as media type → base64, for the hooks to send. */
async function uploadableImages(): Promise<Record<string, string>> {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e7d32' } });
  const kinds = IMAGE_UPLOAD.mediaTypes.map(async (type) => {
    const bytes = await image
      .clone()
      .toFormat(type.replace('image/', '') as keyof sharp.FormatEnum)
      .toBuffer();
    return [type, bytes.toString('base64')];
  });
  return Object.fromEntries(await Promise.all(kinds));
}

/** Removes what the test made and accepted requests added since `before`: the test data's documents
 *  and uploaded images. Answers what it removed. */
async function removeTestData(before: DatabaseSnapshot, imagesBefore: Set<string>): Promise<string> {
  const removed = await removeAddedDocuments(before, await settledDatabaseSnapshot(), TEST_DATA);
  const newImages = (await readdir(MEDIA_DIR)).filter((file) => !imagesBefore.has(file));
  await Promise.all(newImages.map((file) => rm(path.join(MEDIA_DIR, file))));
  await forgetCatalogCache();
  return `removed ${removed} documents and ${newImages.length} images of the test and of accepted requests`;
}

it('finds no server error, and no answer the OpenAPI document does not describe', async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bazar-schemathesis-'));
  const tokensFile = path.join(workDir, 'tokens.json');
  const imagesFile = path.join(workDir, 'images.json');
  const writeTokens = async (tokens: { admin: string; shopper: string }) => writeFile(tokensFile, JSON.stringify(tokens));
  // the sync writes the admin's record, which must stay as it is; everything after it is test data
  const adminToken = await signedInAndSynced(ACCOUNTS.admin);
  const clock = await startStoreClock();
  const before = await settledDatabaseSnapshot();
  const imagesBefore = new Set(await readdir(MEDIA_DIR));
  // an accepted PUT /storesettings changes the store's one settings document: set back afterwards
  const settingsBefore = await gatewayCall('GET', '/storesettings', adminToken);
  expect(settingsBefore.status).toBe(200);
  let run: Run;
  try {
    const shopper = await createAccount('schemathesis');
    const shopperToken = await signedInAndSynced(shopper);
    const targets = await lookupTargets(shopper, shopperToken, adminToken);
    await writeTokens({ admin: adminToken, shopper: shopperToken });
    await writeFile(imagesFile, JSON.stringify(await uploadableImages()));

    // tokens live a minute; every request from the two accounts counts against their rate limits
    const renewal = setInterval(
      () =>
        void Promise.all([signIn(ACCOUNTS.admin.email, ACCOUNTS.admin.password), signIn(shopper.email, shopper.password)]).then(
          ([admin, renewed]) => writeTokens({ admin, shopper: renewed }),
        ),
      40_000,
    );
    const limits = setInterval(() => void forgetRateLimits(), 250);
    try {
      run = await schemathesis(
        [
          // no answer's values feed later requests, and the lookups' targets: fuzz/schemathesis.toml
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
          BAZAR_FUZZ_IMAGES: imagesFile,
          ...targets,
          BAZAR_FUZZ_ADMIN_OPERATIONS: PUBLIC_API.filter((e) => e.access === 'admin')
            .map((e) => `${e.method.toUpperCase()} ${e.path}`)
            .join(','),
        },
      );
    } finally {
      clearInterval(renewal);
      clearInterval(limits);
    }
    console.log(schemathesisReport(run));
  } finally {
    const admin = await signIn(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    expect((await gatewayCall('PUT', '/storesettings', admin, settingsBefore.body)).status).toBe(200);
    expect(await gatewayCall('GET', '/storesettings', admin)).toMatchObject({ status: 200, body: settingsBefore.body });
    console.log(await removeTestData(before, imagesBefore));
  }
  // the settings are as they were (checked above); the document's own time of change is not
  const settingsDocument = 'catalog.store_settings/store';
  expect(databaseChanges(before, await settledDatabaseSnapshot(), new Set([...(await storeOwnWork(clock)), settingsDocument]))).toEqual([]);
  expect(run.code).toBe(0);
});

/**
 * A passing run reports one line of ours. Schemathesis's own pytest-style closing line
 * ("=== 3 warnings in 23s ===") reads to CI like a test runner that ran no test.
 */
function schemathesisReport(run: Run): string {
  if (run.code === 0) {
    const cases = /Test cases:\s*\n?\s*(.+)/.exec(run.output)?.[1]?.trim() ?? 'no count printed';
    return `schemathesis passed: ${cases}`;
  }
  // (a traceback's lines can run to hundreds of kB)
  const clipped = run.output.split('\n').map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
  return `schemathesis exited ${run.code}:\n${clipped.join('\n')}`;
}
