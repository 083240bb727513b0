import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request, type Dispatcher } from 'undici';

type RequestOptions = { dispatcher: Dispatcher } & Omit<Dispatcher.RequestOptions<null>, 'origin' | 'path'>;
import { ErrorAnswer } from '@bazar/contracts';
import { HttpError } from './http/errors';
import { TRACEPARENT_HEADER, outgoingTraceparent } from './trace';
import { Upstreams, connectionRefused } from './upstreams';

/** A JSON client of another service's API over the internal network, with a short timeout so a
 *  slow neighbour turns into a 503 instead of a hung request. Calls carry the current trace.
 *
 *  undici's `request` rather than `fetch` (which undici also implements): a call here is on the path
 *  of every order, and `fetch`'s WHATWG streams and Headers cost several times its CPU a call. */
export class InternalClient {
  private readonly agent: Agent;
  private readonly replicas: Upstreams;

  /** `baseUrls`: the neighbour's replicas (ServiceUrls), or its one address. */
  constructor(
    baseUrls: string | readonly string[],
    private readonly serviceName: string,
    private readonly timeoutMs = 3_000,
  ) {
    this.agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    this.replicas = new Upstreams(typeof baseUrls === 'string' ? [baseUrls] : baseUrls);
  }

  /** The parsed answer, or undefined for a 404. */
  async get(path: string, headers: Record<string, string> = {}): Promise<unknown> {
    return (await this.read(path, headers))?.body;
  }

  /** The parsed answer with the answer's headers, or undefined for a 404. */
  async read(path: string, headers: Record<string, string> = {}): Promise<{ body: unknown; headers: IncomingHttpHeaders } | undefined> {
    const answer = await this.send('GET', path, { headers });
    if (answer.status === 404) return undefined;
    if (answer.status >= 300)
      throw new HttpError(503, 'service-away', `The ${this.serviceName} service answered ${answer.status}; try again shortly`);
    return answer;
  }

  /** Any call; every answer below 500 comes back as it is (a 409 is the neighbour's decision, for
   *  the caller to act on), anything else (5xx, no answer in time, no connection) is a 503. */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; headers: IncomingHttpHeaders }> {
    const traceparent = outgoingTraceparent();
    const options = {
      method,
      dispatcher: this.agent,
      headers: {
        ...headers,
        ...(traceparent && { [TRACEPARENT_HEADER]: traceparent }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    try {
      const answer = await this.requestAnyReplica(path, options);
      if (answer.statusCode >= 500) {
        // a neighbour that says why it cannot answer now (its database is away) is passed on in its words
        const why = answer.statusCode === 503 ? reasonOf(await answer.body.text()) : void (await answer.body.dump());
        throw new HttpError(
          503,
          why?.code ?? 'service-away',
          why?.error ?? `The ${this.serviceName} service answered ${answer.statusCode}; try again shortly`,
        );
      }
      const text = await answer.body.text();
      return { status: answer.statusCode, body: text ? (JSON.parse(text) as unknown) : undefined, headers: answer.headers };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(503, 'service-away', `The ${this.serviceName} service is unavailable; try again shortly`);
    }
  }

  /** The call on the next replica in turn; a replica that refuses the connection is passed over and
   *  the call made on the next one (nothing of it reached the first), until each has been tried. */
  private async requestAnyReplica(path: string, options: RequestOptions): Promise<Dispatcher.ResponseData<null>> {
    for (let tried = 1; ; tried++) {
      const replica = this.replicas.pick();
      try {
        return await request(`${replica}${path}`, options);
      } catch (err) {
        if (!connectionRefused(err) || tried >= this.replicas.size) throw err;
        this.replicas.refused(replica);
      }
    }
  }
}

/** The `error` of a JSON answer `{ "error": "…" }`, if that is what it is. */
function reasonOf(text: string): Pick<ErrorAnswer, 'error' | 'code'> | undefined {
  try {
    const reason = ErrorAnswer.pick({ error: true, code: true }).safeParse(JSON.parse(text));
    return reason.success ? reason.data : undefined;
  } catch {
    return undefined;
  }
}
