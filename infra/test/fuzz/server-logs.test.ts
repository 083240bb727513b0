import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

it('finds the errors the services logged for one request id, and nothing else', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bazar-logs-'));
  mkdirSync(path.join(dir, 'logs'));
  const line = (level: number, id: string, msg: string, err?: object) => JSON.stringify({ level, req: { id }, msg, err });
  writeFileSync(
    path.join(dir, 'logs', 'catalog.log'),
    [
      '--- starting catalog',
      line(30, 'r-1', 'request completed'),
      line(50, 'r-1', 'request failed', { type: 'Error', message: 'boom', stack: 'Error: boom\n    at find (model.ts:1:1)' }),
      line(50, 'r-2', 'request failed', { message: 'other' }),
    ].join('\n'),
  );
  process.env.BAZAR_STACK_DIR = dir;
  // loaded only now: it reads BAZAR_STACK_DIR as it loads
  const { serverErrorsFor } = jest.requireActual<typeof import('./server-logs.ts')>('./server-logs.ts');
  expect(serverErrorsFor('r-1')).toEqual(['catalog: request failed Error: boom\n      at find (model.ts:1:1)']);
  expect(serverErrorsFor(undefined)).toEqual([]);
  expect(serverErrorsFor('r-3')).toEqual([]);
});
