/**
 * The links Keycloak mails (password resets, email verification) act for their account: only the
 * stack's own user may read them. The mail sink keeps each mail in .stack/mail at 0600 in a 0700
 * folder, logs a line per mail without its links, into .stack/logs at 0700 with files at 0600, and
 * its API answers on loopback only (issue 53, finding 8).
 */
import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { createAccount, deleteAccounts, keycloakAccount, keycloakAdmin, mailbox } from '@bazar/testing';
import { stackPath } from '../stack/paths.ts';
import { PORTS } from '../stack/ports.ts';

const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8).padStart(4, '0');

const made: string[] = [];
afterAll(() => deleteAccounts(made));

it("keeps a password reset's link out of the log and out of other users' reach", async () => {
  const { email } = await createAccount('mailprivacy');
  const account = await keycloakAccount(email);
  made.push(account!.id);
  // Keycloak mails the account a link that lets whoever holds it choose its password
  const sent = await keycloakAdmin('PUT', `/users/${account!.id}/execute-actions-email?client_id=storefront`, ['UPDATE_PASSWORD']);
  expect(sent.status).toBe(204);
  const mail = await mailbox.waitFor(email);
  const link = mail.links.find((candidate) => candidate.includes('/login-actions/action-token'));
  expect(link).toBeDefined();
  const key = new URL(link!).searchParams.get('key')!;

  expect({
    logs: await mode(stackPath('logs')),
    log: await mode(stackPath('logs', 'mail.log')),
    mail: await mode(stackPath('mail')),
    message: await mode(stackPath('mail', `${mail.id}.json`)),
    raw: await mode(stackPath('mail', `${mail.id}.eml`)),
  }).toEqual({ logs: '0700', log: '0600', mail: '0700', message: '0600', raw: '0600' });

  // the mail's line is there, without the link
  const log = await readFile(stackPath('logs', 'mail.log'), 'utf8');
  const line = log.split('\n').find((candidate) => candidate.includes(mail.id));
  expect(line).toContain(email);
  expect(line).not.toContain('http');
  expect(log).not.toContain(key);
});

it('answers its API on loopback only', () => {
  const listening = execFileSync('ss', ['-Hltn', `sport = :${PORTS.mail}`], { encoding: 'utf8' })
    .trim()
    .split('\n');
  expect(listening.map((line) => line.split(/\s+/)[3])).toEqual([`127.0.0.1:${PORTS.mail}`]);
});
