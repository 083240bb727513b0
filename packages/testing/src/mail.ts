import { eventually, stackEnv } from './stack';

/** A mail as the stack's mail sink (Mailpit) lists it, in the shape the tests read. */
export interface MailSummary {
  id: string;
  receivedAt: string;
  /** Who the mail was really sent to, Bcc included (Mailpit keeps envelope recipients missing from
   *  the headers as Bcc), and the envelope's sender (its Return-Path, where read whole). */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
}

/** A mail with its bodies and every http(s) link in them. */
export interface Mail extends MailSummary {
  text: string;
  html: string;
  /** Every http(s) link of the text and the HTML, in order of appearance, once each. */
  links: string[];
}

/** Mailpit's address, as its API (/api/v1) gives it. */
interface Address {
  Name: string;
  Address: string;
}
interface MailpitSummary {
  ID: string;
  Created: string;
  From: Address | null;
  To: Address[] | null;
  Cc: Address[] | null;
  Bcc: Address[] | null;
  Subject: string;
}
interface MailpitMessage extends Omit<MailpitSummary, 'Created'> {
  Date: string;
  ReturnPath: string;
  Text: string;
  HTML: string;
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${stackEnv.mailUrl}/api/v1${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`mail sink ${init.method ?? 'GET'} /api/v1${path}: ${response.status} ${await response.text()}`);
  return response;
}

const addresses = (...groups: (Address[] | null)[]): string[] =>
  groups.flatMap((group) => group ?? []).map((address) => address.Address.toLowerCase());

function summary(message: MailpitSummary, envelopeFrom: string): MailSummary {
  const from = message.From?.Address.toLowerCase() ?? '';
  return {
    id: message.ID,
    receivedAt: message.Created,
    envelope: { from: envelopeFrom || from, to: addresses(message.To, message.Cc, message.Bcc) },
    from,
    to: addresses(message.To),
    subject: message.Subject,
  };
}

const decodeEntities = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');

function linksOf(text: string, html: string): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map(([, href]) => decodeEntities(href ?? ''));
  return [...new Set([...fromText, ...fromHtml].filter((link) => /^https?:\/\//.test(link)))];
}

/** Mailpit's search for the mails addressed to `to` (To, Cc or Bcc); its match is by part of the
 *  address, so the lists below keep only the exact address. */
const addressedTo = (to: string) => new URLSearchParams({ query: `addressed:"${to}"` });

/**
 * The mails the stack sent (Keycloak's password resets and verifications, the order mails), caught by
 * the stack's Mailpit instead of being delivered. Give every test its own fresh address, so that tests
 * running side by side never read each other's mail.
 */
export const mailbox = {
  /** Mails sent to `to` (all of them without it), newest first. */
  async list(to?: string): Promise<MailSummary[]> {
    const wanted = to?.toLowerCase();
    const path = wanted ? `/search?${addressedTo(wanted)}&limit=1000` : '/messages?limit=1000';
    const { messages } = (await (await api(path)).json()) as { messages: MailpitSummary[] };
    return messages.map((message) => summary(message, '')).filter((mail) => !wanted || mail.envelope.to.includes(wanted));
  },

  async read(id: string): Promise<Mail> {
    const message = (await (await api(`/message/${encodeURIComponent(id)}`)).json()) as MailpitMessage;
    return {
      ...summary({ ...message, Created: message.Date }, message.ReturnPath.toLowerCase()),
      text: message.Text,
      html: message.HTML,
      links: linksOf(message.Text, message.HTML),
    };
  },

  /** The message as Mailpit keeps it (as received, with the Bcc and Return-Path it adds). */
  async raw(id: string): Promise<string> {
    return (await api(`/message/${encodeURIComponent(id)}/raw`)).text();
  },

  /** Waits for the newest mail to `to` (whose subject matches, if given) and reads it. */
  async waitFor(to: string, { subject, timeoutMs = 30_000 }: { subject?: RegExp; timeoutMs?: number } = {}): Promise<Mail> {
    return eventually(
      async () => {
        const [newest] = (await mailbox.list(to)).filter((mail) => !subject || subject.test(mail.subject));
        if (!newest) throw new Error(`No mail to ${to}${subject ? ` with a subject like ${subject}` : ''} arrived in ${timeoutMs} ms`);
        return mailbox.read(newest.id);
      },
      timeoutMs,
      250,
    );
  },

  /** Forgets the mails sent to `to`. */
  async clear(to: string): Promise<void> {
    const ids = (await mailbox.list(to)).map((mail) => mail.id);
    if (ids.length === 0) return;
    await api('/messages', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ IDs: ids }) });
  },
};
