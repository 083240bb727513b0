/**
 * The links Keycloak mails (password resets, email verification) act for their account: only the
 * stack's own user may read them. The mail sink (Mailpit) keeps the mails in its database in
 * .stack/mail, 0600 files in a 0700 folder, logs no link, into .stack/logs at 0700 with files at
 * 0600, and its inbox and API, like its SMTP, answer on loopback only (issue 53, finding 8).
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
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

  // the database and its journal files (SQLite makes those with the database's mode)
  const files = (await readdir(stackPath('mail'))).filter((name) => name.startsWith('mailpit.db'));
  expect(files).toContain('mailpit.db');
  const modes = Object.fromEntries(await Promise.all(files.map(async (name) => [name, await mode(stackPath('mail', name))])));
  expect({
    logs: await mode(stackPath('logs')),
    log: await mode(stackPath('logs', 'mail.log')),
    mail: await mode(stackPath('mail')),
    ...modes,
  }).toEqual({ logs: '0700', log: '0600', mail: '0700', ...Object.fromEntries(files.map((name) => [name, '0600'])) });

  // the log names no link of it
  const log = await readFile(stackPath('logs', 'mail.log'), 'utf8');
  expect(log).not.toContain(key);
});

it('answers its inbox, API and SMTP on loopback only', () => {
  for (const port of [PORTS.mail, PORTS.mailSmtp]) {
    const listening = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listening.map((line) => line.split(/\s+/)[3])).toEqual([`127.0.0.1:${port}`]);
  }
});
