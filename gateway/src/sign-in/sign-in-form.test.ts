import { HttpError } from '@bazar/service-kit/http';
import type { Request } from 'express';
import { readSignInForm } from './sign-in-form';

const post = (body: string, type = 'application/x-www-form-urlencoded') =>
  ({ get: (name: string) => (name === 'content-type' ? type : undefined), body: Buffer.from(body) }) as unknown as Request;
const refusal = (form: ReturnType<typeof readSignInForm>) => (form instanceof HttpError ? { status: form.status } : undefined);
const account = (body: string) => {
  const form = readSignInForm(post(body), undefined);
  return form instanceof HttpError ? form.status : form.account;
};

it('names the account as Keycloak looks it up: trimmed as Java trims, controls included, in lower case', () => {
  expect(account('username=Shopper%40Bazar.test&password=x')).toBe('shopper@bazar.test');
  expect(account('username=%01%1F+shopper%40bazar.test%09%00&password=x')).toBe('shopper@bazar.test');
  expect(account('username=%C2%A0shopper%40bazar.test&password=x')).toBe('shopper@bazar.test');
  expect(account('username=+%01+&password=x')).toBeUndefined();
  expect(account('password=x')).toBeUndefined();
});

it('refuses a form naming the username or the password twice', () => {
  expect(account('username=a%40b.c&password=x&username=d%40e.f')).toBe(400);
  expect(account('username=a%40b.c&password=x&password=y')).toBe(400);
  expect(account('username=a%40b.c&password=x&credentialId=&credentialId=')).toBe('a@b.c');
});

it('refuses what Keycloak could read otherwise: another type or charset, bytes that are not UTF-8, a body too large', () => {
  const login = 'username=a%40b.c&password=x';
  expect(refusal(readSignInForm(post(login, 'multipart/form-data; boundary=b'), undefined))).toEqual({ status: 415 });
  expect(refusal(readSignInForm(post(login, 'application/x-www-form-urlencoded; charset=ISO-8859-1'), undefined))).toEqual({ status: 415 });
  expect(refusal(readSignInForm(post(login, 'application/x-www-form-urlencoded; charset=UTF-8'), undefined))).toBeUndefined();
  expect(account('username=a%FF%40b.c&password=x')).toBe(400);
  const notUtf8 = { ...post(''), body: Buffer.from([0x75, 0x3d, 0xff]) } as unknown as Request;
  expect(refusal(readSignInForm(notUtf8, undefined))).toEqual({ status: 400 });
  expect(refusal(readSignInForm(post(login), { status: 413, type: 'entity.too.large' }))).toEqual({ status: 413 });
});
