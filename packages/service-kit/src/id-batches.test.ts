import { IDS_A_COMMAND, idBatches } from './mongo';

it('cuts ids into batches of at most one command’s worth, keeping their order', () => {
  const ids = Array.from({ length: 2 * IDS_A_COMMAND + 1 }, (_, i) => `id-${i}`);
  const batches = idBatches(ids);
  expect(batches.map((batch) => batch.length)).toEqual([IDS_A_COMMAND, IDS_A_COMMAND, 1]);
  expect(batches.flat()).toEqual(ids);
});

it('makes no batch of no ids, so no command is sent', () => {
  expect(idBatches([])).toEqual([]);
});
