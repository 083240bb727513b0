import { eventually, stackEnv } from './stack';

/** A mail as the stack's mail sink lists it (infra/mail/server.ts). */
export interface MailSummary {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the mail was really sent to. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
}

/** A mail with its bodies and every http(s) link in them. */
export interface Mail extends MailSummary {
  text: string;
  html: string;
  links: string[];
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${stackEnv.mailUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`mail sink ${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * The mails the stack sent (Keycloak's password resets), caught by the local mail sink instead of being
 * delivered. Give every test its own fresh address, so that tests running side by side never read each
 * other's mail.
 */
export const mailbox = {
  /** Mails sent to `to` (all of them without it), newest first. */
  async list(to?: string): Promise<MailSummary[]> {
    const query = to ? `?${new URLSearchParams({ to })}` : '';
    return ((await (await api(`/messages${query}`)).json()) as { messages: MailSummary[] }).messages;
  },

  async read(id: string): Promise<Mail> {
    return (await (await api(`/messages/${encodeURIComponent(id)}`)).json()) as Mail;
  },

  /** The message exactly as it was received. */
  async raw(id: string): Promise<string> {
    return (await api(`/messages/${encodeURIComponent(id)}/raw`)).text();
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
    await api(`/messages?${new URLSearchParams({ to })}`, { method: 'DELETE' });
  },
};
