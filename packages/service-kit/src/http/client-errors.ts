import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorAnswer, RefusalCode } from '@bazar/contracts';

/** Node's own answers to a request it could not read, by its parser's error code; 400 otherwise. */
const STATUS_OF: Record<string, [number, string, RefusalCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'address-too-long',
    'The address or the headers of the request are too long',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request-timeout', 'The request did not arrive in time'],
};
const UNREADABLE: [number, string, RefusalCode, string] = [400, 'Bad Request', 'unreadable-request', 'The request is not well-formed HTTP'];

/**
 * A request Node cannot read (an address longer than its 16 KB of headers, broken HTTP) never
 * reaches express: Node answers it itself, with an empty body. It gets the house answer instead,
 * `{ "error": …, "code": … }` as JSON, with the status Node would have sent.
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason, code, error] = STATUS_OF[err.code ?? ''] ?? UNREADABLE;
    const body = JSON.stringify({ error, code } satisfies ErrorAnswer);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
