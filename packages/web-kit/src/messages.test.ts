import path from 'node:path';
import { keysNamedTwice, messageShapes } from '@bazar/testing/messages';
import en from './messages/en.json';
import bn from './messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('no message file names a key twice in one place (the last would hide the first)', () => {
  for (const language of ['en', 'bn'])
    expect({ language, twice: keysNamedTwice(path.join(__dirname, `messages/${language}.json`)) }).toEqual({ language, twice: [] });
});
