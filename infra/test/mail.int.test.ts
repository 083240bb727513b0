/**
 * The stack's mail sink (Mailpit): a message handed to it over SMTP, as Keycloak hands its reset mails,
 * is listed and read back through its API (/api/v1, read by @bazar/testing's mailbox), can be deleted,
 * and its web inbox is served.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { mailbox, stackEnv } from '@bazar/testing';
import { HOST, PORTS } from '../stack/ports.ts';

/** One SMTP conversation: each command and the final reply line it got (multi-line replies skipped). */
async function smtp(commands: string[]): Promise<string[]> {
  const socket = net.connect(PORTS.mailSmtp, HOST);
  const lines = createInterface({ input: socket, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const reply = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the SMTP server closed the connection');
      if (!/^\d{3}-/.test(value)) return value;
    }
  };
  try {
    const replies = [await reply()];
    for (const command of commands) {
      socket.write(`${command}\r\n`);
      replies.push(await reply());
    }
    return replies;
  } finally {
    socket.destroy();
  }
}

const id = () => randomUUID().replaceAll('-', '').slice(0, 12);

describe('the mail sink', () => {
  it('answers its readiness probe and serves its web inbox', async () => {
    expect((await fetch(`${stackEnv.mailUrl}/readyz`)).status).toBe(200);
    const inbox = await fetch(`${stackEnv.mailUrl}/`);
    expect(inbox.status).toBe(200);
    const page = await inbox.text();
    expect(page).toContain('Mailpit');
    // the inbox's script is built into the binary (infra/bin/install.mjs), not a placeholder
    const script = page.match(/src="([^"]*app\.js[^"]*)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(script!, `${stackEnv.mailUrl}/`))).status).toBe(200);
  });

  it('accepts a message for any address over SMTP and serves it back, parsed and raw', async () => {
    const to = `sink${id()}@bazar.com`;
    const bcc = `sink${id()}@bazar.com`;
    const link = `http://localhost:8080/auth/realms/bazar/login-actions/action-token?key=${id()}&client_id=storefront`;
    const replies = await smtp([
      'EHLO test.local',
      'MAIL FROM:<no-reply@bazar.test>',
      `RCPT TO:<${to}>`,
      `RCPT TO:<${bcc}>`,
      'DATA',
      [
        'From: Bazar <no-reply@bazar.test>',
        `To: ${to}`,
        'Subject: =?UTF-8?Q?Reset_password_=E2=9C=93?=',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Follow ${link} to choose a new password.`,
        '--b',
        'Content-Type: text/html; charset=utf-8',
        '',
        `<p><a href="${link.replace('&', '&amp;')}">Reset</a></p>`,
        '--b--',
        '.',
      ].join('\r\n'),
      'QUIT',
    ]);
    expect(replies.map((line) => line.slice(0, 3))).toEqual(['220', '250', '250', '250', '250', '354', '250', '221']);

    const [listed, ...others] = await mailbox.list(to);
    expect(others).toEqual([]);
    expect(listed).toEqual(
      expect.objectContaining({ envelope: { from: 'no-reply@bazar.test', to: [to, bcc] }, from: 'no-reply@bazar.test', to: [to] }),
    );
    // The blind copy is found under its own address as well.
    expect((await mailbox.list(bcc)).map((mail) => mail.id)).toEqual([listed!.id]);

    const mail = await mailbox.read(listed!.id);
    expect(mail.subject).toBe('Reset password ✓');
    expect(mail.text).toContain('to choose a new password.');
    expect(mail.links).toEqual([link]);
    expect(await mailbox.raw(listed!.id)).toContain('Subject: =?UTF-8?Q?Reset_password_=E2=9C=93?=');

    await mailbox.clear(to);
    expect(await mailbox.list(to)).toEqual([]);
    expect((await fetch(`${stackEnv.mailUrl}/api/v1/message/${listed!.id}`)).status).toBe(404);
  });

  it('answers unknown messages and routes with 404', async () => {
    expect((await fetch(`${stackEnv.mailUrl}/api/v1/message/0000000000000-00000000`)).status).toBe(404);
    expect((await fetch(`${stackEnv.mailUrl}/api/v1/message/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${stackEnv.mailUrl}/elsewhere`)).status).toBe(404);
  });
});
