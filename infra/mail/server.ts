/**
 * The local mail sink: an SMTP server that accepts every message and delivers none, and a small JSON
 * API to read what arrived. Keycloak sends its password-reset mails here (the realm's smtpServer), so
 * "Forgot password?" works without a real mail provider; tests and developers read the mails back.
 *
 *   SMTP  HOST:SMTP_PORT   any sender, any recipient, no authentication, no TLS (loopback in the
 *                          local stack; the compose network, for Keycloak's container, in compose)
 *   HTTP  127.0.0.1:PORT   always loopback, whatever HOST is, and without authentication: whoever
 *                          reads a mail holds its links (a password reset acts for its account), so
 *                          only processes of this machine (of the container, in compose) reach it
 *     GET    /ready                  → 200 { ready: true }
 *     GET    /messages[?to=address]  → 200 { messages: [summary…] }, newest first
 *     GET    /messages/{id}          → 200 { …summary, text, html, links }
 *     GET    /messages/{id}/raw      → 200 the message as received (message/rfc822)
 *     DELETE /messages/{id}          → 204
 *     DELETE /messages[?to=address]  → 204
 *
 * Each message is kept in MAIL_DIR as `{id}.eml` (the raw message) beside `{id}.json` (what the API
 * answers), and survives a restart; only the newest MAX_MESSAGES are kept. The folder is 0700 and
 * the files 0600 (a folder or files made before are made so at start), and the log names each mail
 * without its links: only the stack's own user reads them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`mail: the environment variable ${name} is required`);
    process.exit(1);
  }
  return value;
}

const HOST = process.env.HOST ?? '127.0.0.1';
const API_HOST = '127.0.0.1';
const SMTP_PORT = Number(required('SMTP_PORT'));
const HTTP_PORT = Number(required('PORT'));
const MAIL_DIR = required('MAIL_DIR');
const MAX_MESSAGES = Number(process.env.MAX_MESSAGES ?? 1000);
const MAX_MESSAGE_BYTES = 10 * 2 ** 20;

interface Summary {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the message was really sent to, Bcc included. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
}
interface Message extends Summary {
  text: string;
  html: string;
  /** Every http(s) link of the message, in order of appearance, once each. */
  links: string[];
}

/** Newest last; loaded from MAIL_DIR at start. */
const messages: Message[] = [];

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []].flat().flatMap((group) => group.value.flatMap((address) => (address.address ? [address.address.toLowerCase()] : [])));

const decodeEntities = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');

function linksOf(text: string, html: string): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map(([, href]) => decodeEntities(href ?? ''));
  return [...new Set([...fromText, ...fromHtml].filter((link) => /^https?:\/\//.test(link)))];
}

const summary = ({ id, receivedAt, envelope, from, to, subject }: Message): Summary => ({ id, receivedAt, envelope, from, to, subject });
const file = (id: string, extension: 'eml' | 'json') => path.join(MAIL_DIR, `${id}.${extension}`);
const isId = (id: string) => /^[0-9]{13}-[0-9a-f]{8}$/.test(id);

async function remove(id: string): Promise<void> {
  const index = messages.findIndex((message) => message.id === id);
  if (index >= 0) messages.splice(index, 1);
  await Promise.all([rm(file(id, 'eml'), { force: true }), rm(file(id, 'json'), { force: true })]);
}

async function store(raw: Buffer, envelope: Summary['envelope']): Promise<Message> {
  const parsed = await simpleParser(raw);
  // Sortable by arrival: milliseconds since the epoch, then a random tail against collisions.
  const id = `${String(Date.now()).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
  const text = parsed.text ?? '';
  const html = parsed.html || '';
  const message: Message = {
    id,
    receivedAt: new Date().toISOString(),
    envelope,
    from: addresses(parsed.from)[0] ?? envelope.from,
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text,
    html,
    links: linksOf(text, html),
  };
  await writeFile(file(id, 'eml'), raw, { mode: 0o600 });
  await writeFile(file(id, 'json'), JSON.stringify(message, null, 2), { mode: 0o600 });
  messages.push(message);
  while (messages.length > MAX_MESSAGES) await remove(messages[0]!.id);
  return message;
}

async function load(): Promise<void> {
  await mkdir(MAIL_DIR, { recursive: true, mode: 0o700 });
  await chmod(MAIL_DIR, 0o700);
  const all = await readdir(MAIL_DIR);
  for (const name of all) await chmod(path.join(MAIL_DIR, name), 0o600).catch(() => undefined);
  const names = all.filter((name) => name.endsWith('.json') && isId(name.slice(0, -5))).sort();
  for (const name of names) {
    try {
      messages.push(JSON.parse(await readFile(path.join(MAIL_DIR, name), 'utf8')) as Message);
    } catch {
      console.warn(`mail: skipping unreadable ${name}`);
    }
  }
}

const smtp = new SMTPServer({
  banner: 'Bazar local mail sink: nothing is delivered',
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  size: MAX_MESSAGE_BYTES,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        return callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
      }
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
      };
      store(Buffer.concat(chunks), envelope).then(
        (message) => {
          // One line per mail, without its links: a link acts for its account (a password reset),
          // and logs are read and kept more widely than the mails; the API gives them.
          console.log(
            `mail: ${message.id} from ${envelope.from || '<>'} to ${envelope.to.join(', ')}: ${JSON.stringify(message.subject)}, ${message.links.length} links (GET /messages/${message.id})`,
          );
          callback();
        },
        (error: unknown) => {
          console.error('mail: could not store a message', error);
          callback(Object.assign(new Error('Could not store the message'), { responseCode: 451 }));
        },
      );
    });
  },
});
smtp.on('error', (error) => console.error('mail: SMTP error', error.message));

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) return void res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://mail');
  const [, collection, id, raw, ...rest] = url.pathname.split('/');
  const to = url.searchParams.get('to')?.toLowerCase();
  const addressedTo = (message: Message) => !to || message.envelope.to.includes(to) || message.to.includes(to);

  if (url.pathname === '/ready' && req.method === 'GET') return send(res, 200, { ready: true });
  if (collection !== 'messages' || rest.length > 0 || (raw !== undefined && raw !== 'raw')) return send(res, 404, { error: 'Not found' });

  if (id === undefined || id === '') {
    if (req.method === 'GET') return send(res, 200, { messages: messages.filter(addressedTo).map(summary).reverse() });
    if (req.method === 'DELETE') {
      for (const message of messages.filter(addressedTo)) await remove(message.id);
      return send(res, 204);
    }
    return send(res, 405, { error: 'Method not allowed' });
  }

  const message = isId(id) ? messages.find((candidate) => candidate.id === id) : undefined;
  if (!message) return send(res, 404, { error: `No message ${id}` });
  if (req.method === 'GET' && raw) {
    res.writeHead(200, { 'content-type': 'message/rfc822' });
    return void res.end(await readFile(file(message.id, 'eml')));
  }
  if (req.method === 'GET') return send(res, 200, message);
  if (req.method === 'DELETE' && !raw) {
    await remove(message.id);
    return send(res, 204);
  }
  return send(res, 405, { error: 'Method not allowed' });
}

const http = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('mail: API error', error);
    if (!res.headersSent) send(res, 500, { error: 'Internal error' });
  });
});

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

await load();
await listen(smtp.server, SMTP_PORT, HOST);
await listen(http, HTTP_PORT, API_HOST);
console.log(
  `mail: SMTP on ${HOST}:${SMTP_PORT}, API on http://${API_HOST}:${HTTP_PORT}/messages (loopback only), ${messages.length} messages kept in ${MAIL_DIR}`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  http.close();
  smtp.close(() => process.exit(0));
  // Open SMTP sessions get a moment to finish; then the process goes regardless.
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
