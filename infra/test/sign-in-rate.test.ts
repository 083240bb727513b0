// How many sign-in form posts nginx lets one address make a minute: 10 wherever the store ships
// (compose, the cluster, a plain local stack), a setting only a place that asks for more gets (npm
// test's stack, whose every browser signs in from 127.0.0.1), and never a value nginx would misread.
import { SIGN_IN_POSTS_SETTING, signInPostsPerMinute } from '../stack/nginx-config.ts';
import { edgeConfigOf } from './edge-configs.ts';

const rateOf = (config: string) => /limit_req_zone \$sign_in_form_address zone=sign_in_forms:\S+ rate=(\S+);/.exec(config)?.[1];

it.each(['compose', 'cluster'] as const)('the %s edge lets an address post the sign-in form 10 times a minute', (place) => {
  expect(rateOf(edgeConfigOf(place))).toBe('10r/m');
});

it('the local stack ships 10 a minute, and takes another rate only when asked', () => {
  const asked = process.env[SIGN_IN_POSTS_SETTING];
  try {
    delete process.env[SIGN_IN_POSTS_SETTING];
    expect(rateOf(edgeConfigOf('native'))).toBe('10r/m');
    process.env[SIGN_IN_POSTS_SETTING] = '30';
    expect(rateOf(edgeConfigOf('native'))).toBe('30r/m');
  } finally {
    if (asked === undefined) delete process.env[SIGN_IN_POSTS_SETTING];
    else process.env[SIGN_IN_POSTS_SETTING] = asked;
  }
});

it.each(['0', '-5', '2.5', 'ten', '10r/m', '601'])('refuses %p as a rate, naming the setting', (asked) => {
  expect(() => signInPostsPerMinute({ [SIGN_IN_POSTS_SETTING]: asked })).toThrow(
    `${SIGN_IN_POSTS_SETTING} must be a whole number of posts a minute from 1 to 600, not '${asked}'`,
  );
});
