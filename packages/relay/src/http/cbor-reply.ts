import type { FastifyReply } from 'fastify';
import type { EncodeError, SendError } from '@quartet/common';
import { LIMITS } from '../domain/limits.ts';
import { encodeProblem } from '../protocol/messages.ts';

/** Every relay answer under /v1 is CBOR and never cached. */
export function sendCbor(reply: FastifyReply, body: Uint8Array, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/cbor')
    .header('cache-control', 'no-store')
    .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** Refusals are Problem records; `too_large` always says the limit. */
export const encodeProblemOf: EncodeError = (error) => {
  const details = error.code === 'too_large' ? { limit: LIMITS.bodyBytes, ...error.details } : error.details;
  return { contentType: 'application/cbor', body: encodeProblem(error.code, error.message, details) };
};

export const sendProblem: SendError = (reply, error) => sendCbor(reply.headers(error.headers), encodeProblemOf(error).body, error.status);
