import { ErrorAnswer, REFUSAL_CODES, REFUSALS } from '.';

it('names every refusal by a kebab-case code, each said what it means', () => {
  for (const code of REFUSAL_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  for (const meaning of Object.values(REFUSALS)) expect(meaning.length).toBeGreaterThan(10);
});

it('takes an error answer only with a code of the catalogue', () => {
  expect(ErrorAnswer.safeParse({ error: 'This delivery slot is full; choose another', code: 'slot-full' }).success).toBe(true);
  expect(ErrorAnswer.safeParse({ error: 'This delivery slot is full; choose another' }).success).toBe(false);
  expect(ErrorAnswer.safeParse({ error: 'Gone', code: 'gone-fishing' }).success).toBe(false);
});
