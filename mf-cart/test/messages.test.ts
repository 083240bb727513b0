import path from 'node:path';
import { keysMissingFrom, keysNamedTwice, messageShapes } from '@bazar/testing/messages';
import en from '../src/messages/en.json';
import bn from '../src/messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('every message the code asks for by name is in the message files', () => {
  expect(keysMissingFrom(en, path.join(__dirname, '../src'))).toEqual([]);
});

test('no message file names a key twice in one place (the last would hide the first)', () => {
  for (const language of ['en', 'bn'])
    expect({ language, twice: keysNamedTwice(path.join(__dirname, `../src/messages/${language}.json`)) }).toEqual({ language, twice: [] });
});
