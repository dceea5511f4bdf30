import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { httpErrors, ServiceError } from '../service-error.ts';

/**
 * A refusal's body as bytes, for answers written on the socket itself: when
 * the bytes are not an HTTP request Node can read, there is no request to
 * reply to. JSON `{error, message}` for most services, CBOR for the relay.
 */
export type EncodeError = (error: ServiceError) => { readonly contentType: string; readonly body: Uint8Array };

export const encodeJsonError: EncodeError = (error) => ({
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify({ error: error.code, message: error.message })),
});

/** The refusal for one of Node's client errors (llhttp's `HPE_*` codes and its request timeout). */
export function clientErrorOf(nodeCode: string | undefined): ServiceError {
  if (nodeCode === 'HPE_HEADER_OVERFLOW') return new ServiceError('bad_request', 431, 'The request head is over 16 KiB.');
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') return new ServiceError('bad_request', 408, 'The request did not arrive in time.');
  return httpErrors.bad_request('The request is not valid HTTP/1.1.');
}

/** The whole answer to a refusal without a request; the connection closes after it. */
export function rawErrorAnswer(error: ServiceError, encode: EncodeError): Buffer {
  const { contentType, body } = encode(error);
  const head = `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\ncontent-type: ${contentType}\r\ncontent-length: ${body.byteLength}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/**
 * Fastify's `clientErrorHandler`: the service's own error body instead of
 * Fastify's `{"error":"Bad Request","statusCode":400}`. As Node's own
 * handler, it answers only on a connection that has not been answered on
 * yet, since bytes written after a partly sent answer would corrupt it.
 */
export function clientErrorHandler(encode: EncodeError): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable && socket.bytesWritten === 0) socket.end(rawErrorAnswer(clientErrorOf(error.code), encode));
    socket.destroySoon();
  };
}
