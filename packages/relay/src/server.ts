import { createHttpApp, type Logger } from '@quartet/common';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from './domain/limits.ts';
import { requireBearerToken } from './http/bearer-token.ts';
import { encodeProblemOf, sendProblem } from './http/cbor-reply.ts';
import { healthRoutes } from './http/health-routes.ts';
import { streamRoutes } from './http/stream-routes.ts';
import { waitRoutes } from './http/wait-routes.ts';
import type { RelayStore } from './store/store.ts';
import { WaitRegistry } from './wait-registry.ts';

export interface RelayAppOptions {
  readonly store: RelayStore;
  readonly logger: Logger;
  readonly token?: string | undefined;
}

/**
 * Builds the relay app without listening. Closing the app answers open waits
 * with an empty Heads record, then closes the store.
 */
export async function buildRelayApp(options: RelayAppOptions): Promise<FastifyInstance> {
  const app = createHttpApp({ logger: options.logger, bodyLimit: LIMITS.bodyBytes, sendError: sendProblem, encodeError: encodeProblemOf });
  // Only CBOR bodies: any other type is refused with 415 before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/cbor', { parseAs: 'buffer', bodyLimit: LIMITS.bodyBytes }, (_request, body, done) => done(null, body));

  const waits = new WaitRegistry(options.store);
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
    waits.close();
  });
  app.addHook('onClose', () => options.store.close());

  if (options.token !== undefined) requireBearerToken(app, options.token);
  healthRoutes(app, () => stopping);
  streamRoutes(app, options.store);
  waitRoutes(app, waits);
  return app;
}
