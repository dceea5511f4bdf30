import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { relayErrors } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** With a token configured, every /v1 request needs `Authorization: Bearer <token>`. */
export function requireBearerToken(app: FastifyInstance, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.addHook('onRequest', async (request) => {
    if (!/^\/v1(\/|\?|$)/.test(request.url)) return;
    const given = request.headers.authorization;
    // Compared as digests: equal length, constant time.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) throw relayErrors.unauthorized();
  });
}
