import { messageShapes } from '@bazar/testing/messages';
import en from '../src/messages/en.json';
import bn from '../src/messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});
