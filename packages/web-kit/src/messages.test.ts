import { messageShapes } from '@bazar/testing/messages';
import en from './messages/en.json';
import bn from './messages/bn.json';

test('every English message has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});
