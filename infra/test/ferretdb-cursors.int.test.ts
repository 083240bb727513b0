// The local FerretDB closes a cursor left unread for its idle timeout, as MongoDB does (10 minutes
// by default; infra/ferretdb/patches/10-idle-cursors.patch). Each cursor open there holds one of its
// database's 100 SQLite connections until it is read to its end, killed, or its client's
// connection closes, so a client that leaves cursors on a connection it keeps (the services keep
// theirs for as long as they run) took them one by one, until every query of that database waited
// for good. A FerretDB of the test's own, from the installed binary, with an idle timeout of two
// seconds; its cursors are counted in its metrics (made, less those closed).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, stackDir } from '@bazar/testing';
import { mongo } from 'mongoose';

/** Cursors made on `dbName` less those closed, from FerretDB's metrics at `metricsUrl`. */
async function openCursors(metricsUrl: string, dbName: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const sum = (name: string) =>
    [...text.matchAll(new RegExp(`^ferretdb_cursors_${name}\\{([^}]*)\\} (\\S+)$`, 'gm'))]
      .filter(([, labels]) => labels!.includes(`db="${dbName}"`))
      .reduce((total, [, , count]) => total + Number(count), 0);
  return sum('created_total') - sum('duration_seconds_count');
}

const BINARY = path.join(stackDir, 'bin', 'ferretdb');
(existsSync(BINARY) ? describe : describe.skip)('a cursor left unread', () => {
  const IDLE_TIMEOUT_MS = 2_000;
  const dbName = 'shop';
  let ferretdb: ChildProcess;
  let folder: string;
  let metricsUrl: string;
  let client: mongo.MongoClient;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ferretdb-cursors-'));
    const [port, debugPort] = [await freePort(), await freePort()];
    metricsUrl = `http://127.0.0.1:${debugPort}/debug/metrics`;
    ferretdb = spawn(
      BINARY,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${folder}/`,
        `--state-dir=${folder}`,
        `--listen-addr=127.0.0.1:${port}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        '--telemetry=disable',
        '--log-level=error',
      ],
      { env: { ...process.env, FERRETDB_CURSOR_IDLE_TIMEOUT: `${IDLE_TIMEOUT_MS}ms` }, stdio: 'ignore' },
    );
    client = new mongo.MongoClient(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 20_000 });
    await client.connect();
    await client
      .db(dbName)
      .collection('shelves')
      .insertMany(Array.from({ length: 20 }, (_, position) => ({ position })));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    ferretdb?.kill();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is closed once it has been idle for the timeout, and one being read is not', async () => {
    const before = await openCursors(metricsUrl, dbName);
    const shelves = client.db(dbName).collection('shelves');
    const left = shelves.find().batchSize(2);
    await left.next(); // its first batch: the cursor stays open on the database for the rest
    const read = shelves.find().batchSize(1);
    await read.next();
    expect(await openCursors(metricsUrl, dbName)).toBe(before + 2);

    // the one read (a batch from the database each time) every quarter of the timeout stays open
    for (let waited = 0; waited < 2 * IDLE_TIMEOUT_MS; waited += IDLE_TIMEOUT_MS / 4) {
      await sleep(IDLE_TIMEOUT_MS / 4);
      await read.next();
    }
    expect(await openCursors(metricsUrl, dbName)).toBe(before + 1);
    await expect(left.toArray()).rejects.toMatchObject({ codeName: 'CursorNotFound' });

    await read.close();
    expect(await openCursors(metricsUrl, dbName)).toBe(before);
  }, 30_000);
});
