import { REFUSAL_CODES } from '@bazar/contracts';
import { messageShapes } from '@bazar/testing/messages';
import en from './refusals/en.json';
import bn from './refusals/bn.json';

// The words of each refusal by its code (refusalText): a code the server may answer without Bangla
// words would show a Bangla page English, so the files hold exactly the contracts' codes.
test.each([
  ['English', en],
  ['Bangla', bn],
])('the %s refusal messages word every refusal code, and only those', (_language, messages: Record<string, string>) => {
  expect(Object.keys(messages).sort()).toEqual([...REFUSAL_CODES].sort());
  for (const code of REFUSAL_CODES) expect({ code, worded: (messages[code]?.trim().length ?? 0) > 0 }).toEqual({ code, worded: true });
});

test('every Bangla refusal names the same values as its English one', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('the Bangla words are Bangla', () => {
  for (const [code, words] of Object.entries(bn)) expect({ code, bangla: /[\u0980-\u09FF]/.test(words) }).toEqual({ code, bangla: true });
});
