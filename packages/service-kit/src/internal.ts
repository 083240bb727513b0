import { HttpError } from './http/errors';
import { TRACEPARENT_HEADER, outgoingTraceparent } from './trace';

/** A JSON reader of another service's API over the internal network, with a short timeout so a
 *  slow neighbour turns into a 503 instead of a hung request. Calls carry the current trace. */
export class InternalClient {
  constructor(
    private readonly baseUrl: string,
    private readonly serviceName: string,
    private readonly timeoutMs = 3_000,
  ) {}

  /** The parsed answer, or undefined for a 404. */
  async get(path: string, headers: Record<string, string> = {}): Promise<unknown> {
    return (await this.read(path, headers))?.body;
  }

  /** The parsed answer with the answer's headers, or undefined for a 404. */
  async read(path: string, headers: Record<string, string> = {}): Promise<{ body: unknown; headers: Headers } | undefined> {
    let response: Response;
    const traceparent = outgoingTraceparent();
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        headers: traceparent ? { ...headers, [TRACEPARENT_HEADER]: traceparent } : headers,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new HttpError(503, `The ${this.serviceName} service is unavailable; try again shortly`);
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw new HttpError(503, `The ${this.serviceName} service answered ${response.status}; try again shortly`);
    return { body: await response.json(), headers: response.headers };
  }
}
