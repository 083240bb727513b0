import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'undici';
import { HttpError } from './http/errors';
import { TRACEPARENT_HEADER, outgoingTraceparent } from './trace';

/** A JSON reader of another service's API over the internal network, with a short timeout so a
 *  slow neighbour turns into a 503 instead of a hung request. Calls carry the current trace.
 *
 *  undici's `request` rather than `fetch` (which undici also implements): a call here is on the path
 *  of every order, and `fetch`'s WHATWG streams and Headers cost about 0.4 ms more CPU a call on
 *  this machine (measured with a local JSON answer: 595 µs a call against 196 µs). */
export class InternalClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    private readonly serviceName: string,
    private readonly timeoutMs = 3_000,
  ) {
    this.agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }

  /** The parsed answer, or undefined for a 404. */
  async get(path: string, headers: Record<string, string> = {}): Promise<unknown> {
    return (await this.read(path, headers))?.body;
  }

  /** The parsed answer with the answer's headers, or undefined for a 404. */
  async read(path: string, headers: Record<string, string> = {}): Promise<{ body: unknown; headers: IncomingHttpHeaders } | undefined> {
    const traceparent = outgoingTraceparent();
    try {
      const answer = await request(`${this.baseUrl}${path}`, {
        dispatcher: this.agent,
        headers: traceparent ? { ...headers, [TRACEPARENT_HEADER]: traceparent } : headers,
      });
      if (answer.statusCode >= 300) {
        await answer.body.dump();
        if (answer.statusCode === 404) return undefined;
        throw new HttpError(503, `The ${this.serviceName} service answered ${answer.statusCode}; try again shortly`);
      }
      return { body: await answer.body.json(), headers: answer.headers };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(503, `The ${this.serviceName} service is unavailable; try again shortly`);
    }
  }
}
