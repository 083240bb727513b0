import path from 'node:path';
import { hardCodedTexts, messageShapes } from '@bazar/testing/messages';
import en from '../src/messages/en.json';
import bn from '../src/messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('no words shown to the shopper are written in the markup instead of the message files', () => {
  expect(hardCodedTexts(path.join(__dirname, '../src'))).toEqual([]);
});
