import path from 'node:path';
import { keysMissingFrom, messageShapes } from '@bazar/testing/messages';
import en from '../src/messages/en.json';
import bn from '../src/messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('every message the code asks for by name is in the message files', () => {
  expect(keysMissingFrom(en, path.join(__dirname, '../src'))).toEqual([]);
});
