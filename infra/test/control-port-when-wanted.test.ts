// The stack's control port listens only when something needs it (issue 53): a stack serves it only
// with BAZAR_STACK_CONTROL=on, which `npm test` sets for the stack of its run; a store started with
// plain `npm start` has no port that can stop its components, and an earlier run's token, which no
// port answers any more, is removed. Served on a port and token file of the test's own, so the
// running stack's are left alone.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@bazar/testing';
import { CONTROL_SETTING, controlPortWanted, serveControlIfWanted, type Controlled } from '../stack/control.ts';
import type { Stack } from '../stack/runner.ts';

const controlled: Controlled = {
  stack: { names: () => ['catalog'], groups: () => [] } as unknown as Stack,
  components: () => [],
  scale: async () => undefined,
  secrets: {},
};

let folder: string;
let server: Server | undefined;
beforeEach(() => void (folder = mkdtempSync(path.join(tmpdir(), 'control-port-'))));
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  rmSync(folder, { recursive: true, force: true });
});

const answerOf = async (port: number, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}/components`, { headers }).then(
    async (answer) => ({ status: answer.status, body: (await answer.json()) as unknown }),
    () => 'nothing listens' as const,
  );

test.each([undefined, '', 'off', '1', 'true', 'ON'])('%p does not turn the control port on', (value) => {
  expect(controlPortWanted({ [CONTROL_SETTING]: value })).toBe(false);
});

test('without BAZAR_STACK_CONTROL=on nothing listens, and an earlier run’s token is removed', async () => {
  const place = { port: await freePort(), tokenFile: path.join(folder, 'control-token') };
  writeFileSync(place.tokenFile, 'an-earlier-run\n', { mode: 0o600 });
  server = await serveControlIfWanted({}, controlled, place);
  expect(server).toBeUndefined();
  expect(existsSync(place.tokenFile)).toBe(false);
  expect(await answerOf(place.port)).toBe('nothing listens');
});

test('with BAZAR_STACK_CONTROL=on it listens, behind a new token at 0600', async () => {
  const place = { port: await freePort(), tokenFile: path.join(folder, 'control-token') };
  server = await serveControlIfWanted({ [CONTROL_SETTING]: 'on' }, controlled, place);
  expect(server).toBeDefined();
  expect(statSync(place.tokenFile).mode & 0o777).toBe(0o600);
  const token = readFileSync(place.tokenFile, 'utf8').trim();
  expect(await answerOf(place.port)).toEqual({ status: 401, body: { error: expect.stringContaining(place.tokenFile) } });
  expect(await answerOf(place.port, { authorization: `Bearer ${token}` })).toEqual({ status: 200, body: { running: ['catalog'] } });
});

test('npm test starts the stack of its run with the control port on', () => {
  // infra/bin/test.mjs runs as a script; what it hands the stack is read from it
  const runner = readFileSync(path.join(__dirname, '..', 'bin', 'test.mjs'), 'utf8');
  expect(runner).toMatch(/projectEnv\(\{[^}]*BAZAR_STACK_CONTROL: 'on'[^}]*\}\)/);
  expect(runner).toMatch(/cli\.ts', 'exec'/);
});
